"""Small shared support: translations, the package's resources, bounded input, the desktop
entry."""
