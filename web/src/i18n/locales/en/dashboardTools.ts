// English strings of the dashboard's favorites, curator toolbar, the user's own view, company picker and tile menu.
export default {
  favorites: {
    heading: 'Favorites',
    star: 'Add {name} to favorites',
    unstar: 'Remove {name} from favorites',
    favorited: '{name} favorited',
    unfavorited: '{name} unfavorited',
    undo: 'Undo',
    failed: 'Could not update your favorites',
  },
  toolbar: {
    label: 'Curator tools',
    newBoard: 'New board',
    saveDefaults: 'Save defaults',
    saveDefaultsSuccess: 'Saved. Consumers now land on this group filter and sort.',
    saveDefaultsSuccessTitle: 'Dashboard defaults saved',
    saveDefaultsError: 'Could not save the dashboard defaults',
    close: 'Close',
    viewAs: 'View as',
    viewAsPlaceholder: 'Curator view',
    everyone: 'Everyone',
    viewingAsEveryone: 'Viewing the dashboard as everyone (consumers in no visibility group)',
    exitViewAs: 'Exit',
  },
  ownView: {
    companyDefault: 'Company default',
    saveError: 'Could not save your group and sort choice',
  },
  companyPicker: {
    label: 'Company',
    placeholder: 'Search companies by name or domain',
    hint: 'Pick a company to fill in its name and website',
    empty: 'No matching company',
  },
  tileMenu: {
    label: 'Actions for {name}',
    publish: {
      label: 'Publish',
      done: '{name} published',
      failed: 'Could not publish {name}',
    },
    unpublish: {
      label: 'Unpublish',
      done: '{name} unpublished: only curators see it now',
      failed: 'Could not unpublish {name}',
    },
    removeFromGroup: {
      label: 'Remove from group',
      done: '{name} removed from {group}',
      failed: 'Could not remove {name} from {group}',
    },
  },
};
