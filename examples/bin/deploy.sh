#!/bin/sh
# A stand-in for a real deployment command, used by the examples: it honours --dry-run the way
# rsync, kubectl or terraform do. The real run only writes a marker file; the point is to see
# which of the two ran.
for argument in "$@"; do
  if [ "$argument" = "--dry-run" ]; then
    echo "DRY RUN: would upload 3 files to production (nothing was changed)"
    exit 0
  fi
done
echo "Deploying 3 files to production..."
date > deployed.txt
echo "Deployed."
