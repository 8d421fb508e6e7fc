import { ImportPage } from './import-page';

export default function WorkerImportPage() {
  return <ImportPage resource="workers" />;
}
