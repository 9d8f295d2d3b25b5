/* oracle/files.h: the files the suite reads and writes: folders of `.case`
 * files walked in one order, folders made, files replaced atomically. */
#ifndef ISECT_FILES_H
#define ISECT_FILES_H

#include <stddef.h>

enum {
    ISECT_WALK_ALL = 1,   /* every file below a folder, not only *.case */
    ISECT_WALK_QUIET = 2, /* no message on stderr for a path that cannot be read */
    ISECT_WALK_NO_NOTES = 4, /* no note on stderr for what is skipped (a second walk) */
};

/* Called for each file; returns the number of errors it met (0 if none). */
typedef int (*isect_walk_fn)(const char *path, void *ctx);

/* Calls fn on path if it is a regular file; else on every *.case file
 * below it (every file with ISECT_WALK_ALL), folders walked recursively in
 * the order of strcmp on their names, names starting with '.' skipped.
 * Symbolic links are followed, each directory is walked once: a link back
 * to an enclosing directory (a cycle) or to one already walked is skipped
 * with a note.  Only regular files are read: a FIFO, device or socket named
 * by path is an error, one met inside a folder is skipped with a note.  A
 * path that cannot be read is an error, named on stderr as "path: reason"
 * (unless ISECT_WALK_QUIET; notes too).  Returns the number of errors,
 * fn's included. */
int isect_walk_cases(const char *path, int flags, isect_walk_fn fn, void *ctx);

/* mkdir -p; returns 0, or -1 with errno. */
int isect_mkdir_p(const char *path);
/* Replaces path with the text atomically (a temporary file of this process
 * beside it, then rename), so that a reader never sees half a file; returns
 * 0, or -1 with errno. */
int isect_write_atomic(const char *path, const char *text, size_t len);
/* The whole file, NUL-terminated, in malloc'd memory (its length in *len
 * when len is not NULL); NULL with errno on error.  Only a regular file is
 * read (a FIFO or a device is refused at once, errno EINVAL). */
char *isect_read_all(const char *path, size_t *len);
/* The same, read once, of at most max bytes (more: errno EFBIG); on error
 * why (when not NULL) says why: "not a regular file", "too large" or
 * strerror's text. */
char *isect_read_regular(const char *path, size_t max, size_t *len, char *why, size_t whylen);

/* s for a message, with every byte outside printable ASCII written \xNN
 * (and '\' as \\), so that no input can send terminal escapes or invalid
 * UTF-8 to a terminal; cut with "..." to fit len. */
void isect_quote(char *buf, size_t len, const char *s);

#endif
