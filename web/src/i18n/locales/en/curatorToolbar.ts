// English strings of the dashboard's curator toolbar loaded with it (the New menu, Edit groups); the rest of the
// toolbar's strings are in dashboardTools.
export default {
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
