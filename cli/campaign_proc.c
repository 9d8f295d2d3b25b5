/* cli/campaign_proc.c: the harness processes of `isect campaign`: started
 * with their environment and arguments, their output read, their end
 * reaped, and a crash or a hang turned into a finding; see campaign.h. */
#include "campaign.h"

#include "input.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- starting --------------------------------------------------------------- */

/* What a harness process is started with. */
typedef struct {
    char bin[1200], art[1400], corpus[1200], seeds[300], dict[300], findings[1200], lpath[1400];
    char a_time[64], a_timeout[64], a_art[1500], a_seed[64], a_dict[320], start[64];
    int have_seeds, have_dict;
} launch;

/* Its folders made and its arguments written; returns 0, or -1. */
static int prepare(const options *o, pair *p, double end, launch *l)
{
    harness_path(o, p->q, l->bin, sizeof l->bin);
    if (p->prop)
        snprintf(l->bin, sizeof l->bin, "%s/%s", o->fuzz_dir, p->name);
    snprintf(l->art, sizeof l->art, "%s/artifacts/%s/%s", camp.out_dir, p->name, p->tname);
    snprintf(l->corpus, sizeof l->corpus, "%s/%s", o->corpus_dir, p->name);
    snprintf(l->seeds, sizeof l->seeds, "corpus/%s", p->q->name);
    snprintf(l->dict, sizeof l->dict, "fuzz/%s.dict", p->q->name);
    if (isect_mkdir_p(l->art) || isect_mkdir_p(l->corpus)) {
        say("isect campaign: cannot create %s or %s: %s", l->art, l->corpus, strerror(errno));
        return -1;
    }
    snprintf(l->findings, sizeof l->findings, "%s/findings/%s", camp.out_dir, p->name);
    isect_mkdir_p(l->findings);
    double secs = floor(end - isect_epoch_now() - 1); /* libFuzzer starts its clock after loading */
    if (secs < 1)
        secs = 1;
    snprintf(l->a_time, sizeof l->a_time, "-max_total_time=%.0f", secs);
    snprintf(l->a_timeout, sizeof l->a_timeout, "-timeout=%.0f", o->timeout);
    snprintf(l->a_art, sizeof l->a_art, "-artifact_prefix=%s/", l->art);
    unsigned long seed =
        o->have_seed ? o->seed * 7919u + (unsigned long)(p - camp.pairs) * 131u + (unsigned long)p->runs + 1 : 0;
    snprintf(l->a_seed, sizeof l->a_seed, "-seed=%lu", seed);
    snprintf(l->a_dict, sizeof l->a_dict, "-dict=%s", l->dict);
    snprintf(l->start, sizeof l->start, "%.3f", camp.t0);
    snprintf(l->lpath, sizeof l->lpath, "%s/logs/%s-%s.log", camp.out_dir, p->name, p->tname);
    l->have_seeds = !p->no_seeds && !access(l->seeds, R_OK);
    l->have_dict = !access(l->dict, R_OK);
    return 0;
}

/* In the child: stderr to the pipe fd, then the harness. */
static void exec_harness(const pair *p, launch *l, int fd[2], pid_t parent)
{
    /* die with the supervisor, even by SIGKILL */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(1);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL); /* ignored here, and an ignored signal stays ignored across exec */
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(fd[1], 2);
    close(fd[0]);
    close(fd[1]);
    setenv("ISECT_TARGET", p->t->name, 1);
    setenv("ISECT_FINDINGS", l->findings, 1);
    setenv("ISECT_CONTINUE", "1", 1);
    setenv("ISECT_CAMPAIGN_START", l->start, 1);
    char *args[16];
    int n = 0;
    args[n++] = l->bin;
    args[n++] = l->a_time;
    args[n++] = l->a_timeout;
    args[n++] = "-rss_limit_mb=4096";
    args[n++] = "-print_final_stats=1";
    args[n++] = l->a_art;
    args[n++] = l->a_seed;
    if (l->have_dict)
        args[n++] = l->a_dict;
    args[n++] = l->corpus;
    if (l->have_seeds)
        args[n++] = l->seeds;
    args[n] = NULL;
    execv(l->bin, args);
    fprintf(stderr, "isect campaign: cannot run %s: %s\n", l->bin, strerror(errno));
    _exit(127);
}

int start_proc(const options *o, pair *p, double end)
{
    if (camp.nprocs == MAX_PROCS)
        return -1;
    launch l;
    if (prepare(o, p, end, &l))
        return -1;
    int fd[2];
    if (pipe(fd))
        return -1;
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0)
        exec_harness(p, &l, fd, parent);
    close(fd[1]);
    fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
    proc *pr = &camp.procs[camp.nprocs++];
    memset(pr, 0, sizeof *pr);
    pr->pid = pid;
    pr->fd = fd[0];
    pr->p = p;
    pr->start = isect_epoch_now();
    pr->end = end;
    char ldir[1200];
    snprintf(ldir, sizeof ldir, "%s/logs", camp.out_dir);
    isect_mkdir_p(ldir);
    pr->log = fopen(l.lpath, "a");
    p->started = 1;
    p->nproc++;
    p->runs++;
    logev("run query=%s target=%s pid=%ld at=%.3f until=%.3f", p->name, p->t->name, (long)pid, since(),
          end - camp.t0);
    return 0;
}

/* ---- output ----------------------------------------------------------------- */

static void remember_tail(proc *pr, const char *s, size_t n)
{
    if (n >= TAIL) {
        s += n - (TAIL - 1);
        n = TAIL - 1;
    }
    if (pr->tail_len + n >= TAIL) {
        size_t drop = pr->tail_len + n - (TAIL - 1);
        memmove(pr->tail, pr->tail + drop, pr->tail_len - drop);
        pr->tail_len -= drop;
    }
    memcpy(pr->tail + pr->tail_len, s, n);
    pr->tail_len += n;
    pr->tail[pr->tail_len] = 0;
}

static void on_line(proc *pr, char *line)
{
    pair *p = pr->p;
    if (line[0] == '#' && isdigit((unsigned char)line[1])) {
        pr->last_execs = strtod(line + 1, NULL);
        p->execs_running = 0;
        for (int i = 0; i < camp.nprocs; i++)
            if (camp.procs[i].p == p && camp.procs[i].pid)
                p->execs_running += camp.procs[i].last_execs;
        return;
    }
    if (!strncmp(line, "stat::number_of_executed_units:", 31)) {
        pr->last_execs = strtod(line + 31, NULL);
        return;
    }
    const char *tw = strstr(line, "Test unit written to ");
    if (tw) {
        snprintf(pr->artifact, sizeof pr->artifact, "%s", tw + 21);
        pr->artifact[strcspn(pr->artifact, " \r\n")] = 0;
        return;
    }
    if (!strncmp(line, "isect-fuzz: ", 12)) {
        const char *path = strrchr(line, ' ');
        path = path ? path + 1 : line;
        int known = 0;
        for (int i = 0; i < p->nseen; i++)
            known |= !strcmp(p->seen[i], path);
        if (!known && p->nseen < MAX_SEEN)
            p->seen[p->nseen++] = strdup(path);
        int prop = !strncmp(line + 12, "property", 8);
        if ((prop || !strncmp(line + 12, "discrepancy", 11)) && !isfinite(p->first_disc)) {
            p->first_disc = since();
            const char *sev = strstr(line, "severity ");
            char s[64] = "";
            if (sev)
                snprintf(s, sizeof s, "%.*s", (int)strcspn(sev + 9, " ("), sev + 9);
            say("%6.1f s  first %s: %s on %s, severity %s", p->first_disc, prop ? "property violation" : "discrepancy",
                p->t->name, p->name, s);
            logev("found query=%s target=%s at=%.3f verdict=%s", p->name, p->t->name, p->first_disc,
                  prop ? "property" : "discrepancy");
        } else if (!known && !strncmp(line + 12, "invalid", 7) && !p->zoo)
            say("%6.1f s  invalid answer: %s on %s", since(), p->t->name, p->name);
    }
}

void drain(proc *pr)
{
    char buf[8192];
    for (;;) {
        ssize_t n = read(pr->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        if (pr->log)
            fwrite(buf, 1, (size_t)n, pr->log);
        remember_tail(pr, buf, (size_t)n);
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n' || pr->len == sizeof pr->line - 1) {
                pr->line[pr->len] = 0;
                on_line(pr, pr->line);
                pr->len = 0;
            } else
                pr->line[pr->len++] = buf[i];
        }
    }
}

/* ---- crashes and hangs ------------------------------------------------------ */

/* The first line of the harness's last output that says what went wrong. */
static void crash_reason(const proc *pr, char *buf, size_t len)
{
    static const char *const marks[] = {"ALARM:", "ERROR: AddressSanitizer", "runtime error:",
                                        "ERROR: libFuzzer", "fuzz check failed", "ERROR: LeakSanitizer", NULL};
    buf[0] = 0;
    for (int m = 0; marks[m] && !buf[0]; m++) {
        const char *s = strstr(pr->tail, marks[m]);
        if (!s)
            continue;
        /* "==123==ERROR: AddressSanitizer: SEGV on ... (pc 0x...)" -> "AddressSanitizer: SEGV on ..." */
        while (s > pr->tail && s[-1] != '\n')
            s--;
        if (s[0] == '=' && s[1] == '=') {
            const char *e = strstr(s + 2, "==");
            if (e && (size_t)(e - s) < 16)
                s = e + 2;
        }
        if (!strncmp(s, "ERROR: ", 7))
            s += 7;
        size_t n = strcspn(s, "\n");
        const char *pc = strstr(s, " (pc ");
        if (pc && (size_t)(pc - s) < n)
            n = (size_t)(pc - s);
        snprintf(buf, len, "%.*s", (int)n, s);
    }
    if (!buf[0])
        snprintf(buf, len, "the harness died");
}

/* Writes the reproducer of a crash or a hang at path; returns 0, or -1. */
static int write_crash(const char *path, const pair *p, const isect_case *k, const isect_signature *sig,
                       const char *why, isect_eval_status es, const char *artifact)
{
    int hang = !strcmp(sig->output, ISECT_FINDING_TIMEOUT);
    char *notes = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&notes, &len);
    if (!m)
        return -1;
    double now = isect_epoch_now();
    fprintf(m, "found by isect campaign: target %s %s (verdict invalid); exact answer: %s\n", p->t->name,
            hang ? "hangs" : "crashes", sig->feature);
    fprintf(m, "%s\n", why);
    fprintf(m, "outside the fuzz build: %s\n",
            es == EVAL_HANG    ? "hangs too"
            : es == EVAL_CRASH ? "crashes too"
                               : "runs (the crash needs the sanitizers of the fuzz build)");
    fprintf(m, "libFuzzer input: %s\n", artifact);
    fclose(m);
    isect_finding_header h = {.sig = *sig, .first = now, .found = now, .elapsed = now - camp.t0};
    snprintf(h.query, sizeof h.query, "%s", p->q->name);
    snprintf(h.target, sizeof h.target, "%s", p->t->name);
    int r = isect_finding_write(path, k, notes, &h);
    free(notes);
    return r;
}

/* The input that killed a target must not kill its next run at once (a
 * run first replays the corpus, so one such input would end every restart
 * the same way and hide every other bug): it leaves the working corpus
 * (libFuzzer names a file there by the SHA-1 of its bytes, which also ends
 * the artifact's name), and when it is one of the seeds, the pair's later
 * runs go without the seed folder. */
static void quarantine(const options *o, pair *p, const char *base, const unsigned char *data, size_t size)
{
    const char *sha = strchr(base, '-');
    char path[1600];
    if (sha) {
        snprintf(path, sizeof path, "%s/%s/%s", o->corpus_dir, p->name, sha + 1);
        unlink(path);
    }
    char seeds[300];
    snprintf(seeds, sizeof seeds, "corpus/%s", p->q->name);
    DIR *d = opendir(seeds);
    if (!d)
        return;
    for (struct dirent *e; !p->no_seeds && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", seeds, e->d_name);
        size_t n = 0;
        char *seed = isect_read_all(path, &n);
        if (seed && n == size && !memcmp(seed, data, size)) {
            p->no_seeds = 1;
            say("isect campaign: the seed %s kills %s; its next runs go without %s/", path, p->t->name, seeds);
        }
        free(seed);
    }
    closedir(d);
}

/* Turns a libFuzzer crash-/timeout- artifact into a finding. */
static void record_crash(const options *o, proc *pr, const char *artifact, int exited_by_timeout)
{
    pair *p = pr->p;
    const char *base = strrchr(artifact, '/');
    base = base ? base + 1 : artifact;
    if (!strncmp(base, "slow-unit-", 10))
        return;
    int hang = exited_by_timeout || !strncmp(base, "timeout-", 8);
    size_t size = 0;
    unsigned char *data = (unsigned char *)isect_read_all(artifact, &size);
    double in[ISECT_MAX_IN] = {0};
    int readable = data != NULL, decoded = readable && !isect_input_decode(p->q, data, size, in);
    if (readable)
        quarantine(o, p, base, data, size);
    free(data);
    if (!decoded) {
        if (!readable)
            say("isect campaign: %s on %s died, no input to reproduce it (%s)", p->t->name, p->q->name, artifact);
        else
            say("isect campaign: %s on %s died on an input that does not decode (%s)", p->t->name, p->q->name,
                artifact);
        return;
    }
    char why[512];
    crash_reason(pr, why, sizeof why);
    /* the signature: ref's answer in a child process (the input killed a process) */
    isect_signature sig;
    int st;
    double r[ISECT_MAX_OUT], out[ISECT_MAX_OUT];
    isect_judgement j;
    const isect_target_entry *e = isect_target_entry_for(p->t, p->q->name);
    isect_eval_status es = signature_eval(p->q, e, in, 1, o->timeout, &sig, &st, r, out, &j);
    isect_signature_died(&sig, p->q, in, st, r, hang);
    char key[300], dir[1200], path[1600];
    isect_signature_key(key, sizeof key, p->q->name, p->t->name, &sig);
    snprintf(dir, sizeof dir, "%s/findings/%s", camp.out_dir, p->q->name);
    snprintf(path, sizeof path, "%s/%s.case", dir, key);
    if (hang)
        p->timeouts++;
    else
        p->crashes++;
    logev("crash query=%s target=%s at=%.3f kind=%s file=%s", p->name, p->t->name, since(), sig.output, path);
    if (!access(path, F_OK))
        return; /* this signature has its reproducer already */
    isect_case k;
    isect_finding_case(&k, p->q, in, st, r);
    isect_mkdir_p(dir);
    if (write_crash(path, p, &k, &sig, why, es, artifact))
        say("isect campaign: cannot write %s: %s", path, strerror(errno));
    else {
        if (p->nseen < MAX_SEEN)
            p->seen[p->nseen++] = strdup(path);
        say("%6.1f s  %s: %s on %s (%s); reproducer %s", since(), hang ? "hang" : "crash", p->t->name, p->q->name,
            why, path);
    }
}

/* Artifacts in a pair's folder that no crash has been recorded for. */
static void sweep_artifacts(const options *o, proc *pr)
{
    char dir[1400];
    snprintf(dir, sizeof dir, "%s/artifacts/%s/%s", camp.out_dir, pr->p->name, pr->p->tname);
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".done"))
            continue;
        char path[1700], done[1800];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(done, sizeof done, "%s.done", path);
        if (!access(done, F_OK))
            continue;
        record_crash(o, pr, path, 0);
        FILE *f = fopen(done, "w");
        if (f)
            fclose(f);
    }
    closedir(d);
}

void reap(const options *o, proc *pr, int wstatus)
{
    pair *p = pr->p;
    drain(pr);
    if (pr->len) {
        pr->line[pr->len] = 0;
        on_line(pr, pr->line);
    }
    close(pr->fd);
    if (pr->log)
        fclose(pr->log);
    double now = isect_epoch_now(), ran = now - pr->start;
    p->runtime += ran;
    p->execs_done += pr->last_execs;
    p->nproc--;
    char st[64];
    if (WIFEXITED(wstatus))
        snprintf(st, sizeof st, "exit:%d", WEXITSTATUS(wstatus));
    else
        snprintf(st, sizeof st, "signal:%d", WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0);
    int clean = (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) || pr->sent_int;
    logev("exit query=%s target=%s pid=%ld at=%.3f status=%s execs=%.0f seconds=%.3f", p->name, p->t->name,
          (long)pr->pid, since(), st, p->execs_done, p->runtime);
    if (!clean) {
        /* a crash or a hang leaves a libFuzzer artifact; else the harness is broken */
        int before = p->crashes + p->timeouts;
        sweep_artifacts(o, pr);
        if (p->crashes + p->timeouts == before) {
            char why[512];
            crash_reason(pr, why, sizeof why);
            if (pr->last_execs == 0 || (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 2)) {
                p->broken = 1;
                say("isect campaign: the harness for %s on %s fails (%s): %s; see %s/logs/", p->t->name,
                    p->q->name, st, why, camp.out_dir);
            } else if (++p->crashes > 3)
                p->broken = 1;
        }
        if (p->crashes + p->timeouts > 50)
            p->broken = 1;
    }
    pr->pid = 0;
    *pr = camp.procs[--camp.nprocs];
}
