import { TRASH_RESTORE_DAYS } from '@ilson/contracts';

/** Korean strings of the 휴지통 screen (docs/undo-and-trash.md). */
export const koTrash = {
  intro: `삭제한 기록은 ${TRASH_RESTORE_DAYS}일 동안 여기에서 복원할 수 있습니다. 그 뒤에는 보관 기준에 따라 보관만 됩니다.`,
  kinds: '기록 종류',
  columns: {
    label: '이름',
    branch: '지점',
    deletedAt: '삭제 일시',
    deletedBy: '삭제한 관리자',
    restorableUntil: '복원 기한',
    actions: '작업',
  },
  expired: '기한 지남',
  confirm: (label: string) => `'${label}'을(를) 복원할까요?`,
  confirmHint: '복원하면 목록과 검색에 다시 나타납니다.',
  unknownAdmin: '-',
  open: '열기',
};
