import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Opens the antd select named `label` and picks the option shown as `option`. */
export async function pickOption(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

/**
 * The open dialog that shows `text` (antd's confirm dialogs have no accessible name, so match on content).
 */
export async function dialog(text: string) {
  const found = await waitFor(() => {
    // The newest: one that is closing may still be in the DOM.
    const match = screen
      .getAllByRole('dialog')
      .filter((element) => element.textContent?.includes(text))
      .at(-1);
    if (!match) throw new Error(`no dialog showing ${text}`);
    return match;
  });
  return within(found);
}
