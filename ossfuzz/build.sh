#!/bin/bash -eu
# OSS-Fuzz: the tree's own build script does the work (.clusterfuzzlite/build.sh).
cd "$SRC/isect"
exec bash -eu .clusterfuzzlite/build.sh
