// The Playlist module: see the issue that builds it. (Placeholder until then.)
