/* cli/check_junit.c: `isect check --junit FILE`: the verdicts as JUnit XML,
 * for a CI system's test view.  See cases.h. */
#include "cases.h"

#include "files.h"
#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int junit_open(junit_log *j)
{
    memset(j, 0, sizeof *j);
    j->body = open_memstream(&j->text, &j->len);
    return j->body ? 0 : -1;
}

void junit_case(junit_log *j, const char *classname, const char *name, const char *kind, const char *message)
{
    if (!j->body)
        return;
    j->tests++;
    fputs("    <testcase classname=\"", j->body);
    xml_text_write(j->body, classname);
    fputs("\" name=\"", j->body);
    xml_text_write(j->body, name);
    if (!kind) {
        fputs("\" time=\"0\"/>\n", j->body);
        return;
    }
    int failure = !strcmp(kind, "failure");
    j->failures += failure;
    j->errors += !failure;
    fprintf(j->body, "\" time=\"0\">\n      <%s message=\"", failure ? "failure" : "error");
    xml_text_write(j->body, message);
    fputs("\">", j->body);
    xml_text_write(j->body, message);
    fprintf(j->body, "</%s>\n    </testcase>\n", failure ? "failure" : "error");
}

int junit_close(junit_log *j, const char *path, const char *suite)
{
    if (!j->body)
        return -1;
    fclose(j->body);
    char *doc = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&doc, &len);
    int rc = -1;
    if (f) {
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%d\" failures=\"%d\" "
                   "errors=\"%d\">\n  <testsuite name=\"", j->tests, j->failures, j->errors);
        xml_text_write(f, suite);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\">\n", j->tests, j->failures, j->errors);
        fwrite(j->text, 1, j->len, f);
        fputs("  </testsuite>\n</testsuites>\n", f);
        fclose(f);
        rc = isect_write_atomic(path, doc, len);
    }
    if (rc)
        fprintf(stderr, "isect check: cannot write %s: %s\n", path, strerror(errno));
    free(doc);
    free(j->text);
    memset(j, 0, sizeof *j);
    return rc;
}
