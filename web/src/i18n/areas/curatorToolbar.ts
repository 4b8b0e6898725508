// English strings of the dashboard's curator toolbar loaded with it (the New menu, Edit groups), registered under
// the key curatorToolbar by the files that show them; the rest of the toolbar's strings are in dashboardTools.
import { registerStrings } from '../register.ts';

export const curatorToolbar = {
  newMenu: {
    label: 'New',
    board: 'Board',
    boardHint: 'A rival with its lanes of cards',
    dynamicBoard: 'Dynamic board',
    dynamicBoardHint: 'A saved search that stays current',
  },
  newBoardError: 'Could not create the dynamic board. Try again in a moment.',
  editGroups: {
    button: 'Edit groups',
    title: 'Edit rival groups',
  },
};

registerStrings('curatorToolbar', curatorToolbar);
