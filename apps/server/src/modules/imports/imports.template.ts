import {
  IMPORT_COLUMNS,
  IMPORT_RESOURCE_LABELS,
  type ImportResource,
  importNationalityList,
} from '@ilson/contracts';

/** Rows the template's drop-downs and text formats cover. */
const TEMPLATE_ROWS = 5000;
const LIST_SHEET = '목록';

const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/**
 * The import template (docs/imports.md): one sheet to fill in, with the Korean headers (required ones marked *),
 * an example row to delete, every cell formatted as text (phone numbers keep their leading 0), and drop-down
 * lists for the coded columns, whose values live on a hidden sheet; a guide sheet explains each column.
 */
export async function buildTemplate(resource: ImportResource, branchNames: string[]): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = '일손';
  const label = IMPORT_RESOURCE_LABELS[resource];
  const columns = IMPORT_COLUMNS[resource];
  const sheet = workbook.addWorksheet(label, { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet(LIST_SHEET, { state: 'veryHidden' });
  const guide = workbook.addWorksheet('안내');

  sheet.columns = columns.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: Math.max(12, c.header.length * 2 + 4, Math.min(30, c.example.length + 4)),
    style: { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, index) => {
    const column = columns[index - 1]!;
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: column.required ? 'FFFFE7BA' : 'FFF0F0F0' },
    };
    if (column.note) cell.note = column.note;
  });
  const example = sheet.addRow(
    Object.fromEntries(columns.map((c) => [c.key, c.key === 'branch' ? (branchNames[0] ?? '') : c.example])),
  );
  example.font = { italic: true, color: { argb: 'FF8C8C8C' } };

  let listColumn = 0;
  columns.forEach((column, index) => {
    if (!column.list) return;
    const values =
      column.list === 'branches'
        ? branchNames
        : column.list === 'nationalities'
          ? importNationalityList()
          : [...column.list];
    if (values.length === 0) return;
    const letter = columnLetter(listColumn);
    lists.getCell(`${letter}1`).value = column.header;
    values.forEach((value, i) => {
      lists.getCell(`${letter}${i + 2}`).value = value;
    });
    listColumn += 1;
    const target = columnLetter(index);
    (sheet as unknown as { dataValidations: { add(range: string, rule: object): void } }).dataValidations.add(
      `${target}2:${target}${TEMPLATE_ROWS}`,
      {
        type: 'list',
        allowBlank: !column.required,
        formulae: [`'${LIST_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`],
        showErrorMessage: column.list !== 'nationalities',
        errorTitle: column.header,
        error: '목록에서 골라 주세요.',
      },
    );
  });

  guide.columns = [
    { header: '항목', width: 18 },
    { header: '필수', width: 6 },
    { header: '예시', width: 30 },
    { header: '설명', width: 60 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const column of columns) {
    const note = [
      column.note,
      column.list === 'branches' ? '관리하는 지점 이름' : undefined,
      column.list ? '목록에서 선택' : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    guide.addRow([column.header, column.required ? '예' : '', column.example, note]);
  }
  guide.addRow([]);
  guide.addRow([
    '2행(회색)은 예시입니다. 지우고 입력해 주세요. 머리글은 바꾸지 않아도 되고, 바꾸면 올린 뒤 열을 지정합니다.',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
