// The Memories module: see the issue that builds it. (Placeholder until then.)
