import { ImportPage } from './import-page';

export default function EmployerImportPage() {
  return <ImportPage resource="employers" />;
}
