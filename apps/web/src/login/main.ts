import '../plain.css';
import './login.css';
import { startLoginPage } from './login-page';

// The second entry of the build (login.html, docs/wire.md#the-login-page): no React, no antd, no zod.
startLoginPage(document.getElementById('login')!);
