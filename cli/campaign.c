/* cli/campaign.c: `isect campaign`, every selected fuzz harness against
 * every selected target, under a supervisor that survives the targets.
 *
 * The supervisor runs the libFuzzer harnesses (build/fuzz/fuzz_QUERY) as
 * child processes with ISECT_TARGET, ISECT_FINDINGS and ISECT_CONTINUE=1:
 * each harness writes one reproducer per signature into
 * OUT/findings/QUERY/ as it finds them (atomically, the most severe kept).
 * A harness that dies (the target crashed: libFuzzer leaves a crash- file;
 * it hung: a timeout- file) is recorded as an invalid finding with a .case
 * made from that input, and restarted for the rest of its time.  Nothing
 * the report needs lives only in memory: OUT/campaign.log is written
 * append-only as events happen, so Ctrl-C (the report is still written)
 * or a SIGKILL (run `isect report OUT`) loses no finding.
 *
 * Time: the budget of SECONDS x JOBS core-seconds is shared among the
 * (query, target) pairs as they start; a zoo target stops --zoo-seconds
 * after its first discrepancy (the zoo is there to be caught), and a core
 * that falls free runs another process of a pair outside the zoo (the
 * processes of one pair share its corpus). */
#include "campaign.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

campaign camp;

static volatile sig_atomic_t interrupted;
static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

double since(void) { return isect_epoch_now() - camp.t0; }

void logev(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(camp.log, fmt, ap);
    va_end(ap);
    fputc('\n', camp.log);
    fflush(camp.log);
}

void say(const char *fmt, ...)
{
    if (camp.tty && camp.status_shown)
        fputs("\r\033[K", stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    camp.status_shown = 0;
}

/* ---- scheduling ---------------------------------------------------------------- */

static int zoo_finished(const options *o, const pair *p, double now)
{
    return p->zoo && o->zoo_seconds > 0 && isfinite(p->first_disc) && now - camp.t0 > p->first_disc + o->zoo_seconds;
}

static void fill(const options *o)
{
    for (;;) {
        double now = isect_epoch_now();
        if (camp.nprocs >= o->jobs || now > camp.deadline - 1 || interrupted)
            return;
        pair *best = NULL;
        double end = camp.deadline;
        /* a pair whose process died with time left goes on */
        for (int i = 0; i < camp.npairs && !best; i++) {
            pair *p = &camp.pairs[i];
            if (p->started && !p->done && !p->broken && !p->nproc && p->budget_end - now >= 2 &&
                !zoo_finished(o, p, now)) {
                best = p;
                end = p->budget_end;
            }
        }
        /* the next pair, with its share of the core-seconds left */
        if (!best) {
            int pending = 0;
            for (int i = 0; i < camp.npairs; i++)
                pending += !camp.pairs[i].started;
            if (pending) {
                double left = (camp.deadline - now) * o->jobs;
                for (int i = 0; i < camp.nprocs; i++)
                    left -= fmax(0, camp.procs[i].end - now);
                double share = fmax(left / pending, fmin(5, camp.deadline - now));
                /* zoo bugs first: they are found fast and free their time */
                for (int pass = 0; pass < 2 && !best; pass++)
                    for (int i = 0; i < camp.npairs && !best; i++)
                        if (!camp.pairs[i].started && camp.pairs[i].zoo == !pass)
                            best = &camp.pairs[i];
                end = fmin(camp.deadline, now + share);
                best->budget_end = end;
            }
        }
        /* a free core goes to a zoo bug not found yet, else to the pair
         * outside the zoo that had the least time */
        if (!best && camp.deadline - now >= 5) {
            for (int pass = 0; pass < 2 && !best; pass++)
                for (int i = 0; i < camp.npairs; i++) {
                    pair *p = &camp.pairs[i];
                    if (p->broken || (pass == 0 && (!p->zoo || isfinite(p->first_disc) || p->nproc)) ||
                        (pass == 1 && p->zoo))
                        continue;
                    if (!best || p->nproc < best->nproc || (p->nproc == best->nproc && p->runtime < best->runtime))
                        best = p;
                }
            if (best) {
                end = camp.deadline;
                best->budget_end = camp.deadline;
                best->done = 0;
            }
        }
        if (!best || start_proc(o, best, end)) {
            if (best)
                best->broken = 1;
            return;
        }
    }
}

static int count_findings(int *targets_with)
{
    int n = 0;
    *targets_with = 0;
    const isect_target *seen[MAX_PAIRS];
    int ns = 0;
    for (int i = 0; i < camp.npairs; i++) {
        n += camp.pairs[i].nseen;
        if (!camp.pairs[i].nseen)
            continue;
        int known = 0;
        for (int k = 0; k < ns; k++)
            known |= seen[k] == camp.pairs[i].t;
        if (!known && ns < MAX_PAIRS)
            seen[ns++] = camp.pairs[i].t;
    }
    *targets_with = ns;
    return n;
}

static void status_line(const options *o, int final)
{
    double el = since(), rate = 0;
    for (int i = 0; i < camp.nprocs; i++) {
        double d = isect_epoch_now() - camp.procs[i].start;
        if (d > 0.5)
            rate += camp.procs[i].last_execs / d;
    }
    int nt, nf = count_findings(&nt);
    char line[512];
    int n = snprintf(line, sizeof line, "[%5.0f s / %.0f s] %d running, %7.0f exec/s, %d finding%s in %d target%s",
                     el, o->seconds, camp.nprocs, rate, nf, nf == 1 ? "" : "s", nt, nt == 1 ? "" : "s");
    for (int i = 0; i < camp.nprocs && n < 200; i++) {
        int dup = 0;
        for (int k = 0; k < i; k++)
            dup |= camp.procs[k].p == camp.procs[i].p;
        if (!dup)
            n += snprintf(line + n, sizeof line - (size_t)n, "%s %s/%s", i ? "," : " |", camp.procs[i].p->q->name,
                          camp.procs[i].p->t->name);
    }
    if (camp.tty) {
        /* one line: no wrap, or \r would not bring the cursor back to its start */
        struct winsize ws;
        int width = !ioctl(2, TIOCGWINSZ, &ws) && ws.ws_col > 20 ? ws.ws_col - 1 : 79;
        fprintf(stderr, "\r\033[K%.*s", width, line);
        camp.status_shown = !final;
        if (final)
            fputc('\n', stderr);
    } else
        fprintf(stderr, "%s\n", line);
}

static void log_progress(void)
{
    for (int i = 0; i < camp.npairs; i++) {
        pair *p = &camp.pairs[i];
        if (!p->started)
            continue;
        double running = 0, rt = p->runtime;
        for (int k = 0; k < camp.nprocs; k++)
            if (camp.procs[k].p == p) {
                running += camp.procs[k].last_execs;
                rt += isect_epoch_now() - camp.procs[k].start;
            }
        logev("progress query=%s target=%s at=%.3f execs=%.0f seconds=%.3f findings=%d", p->name, p->t->name,
              since(), p->execs_done + running, rt, p->nseen);
    }
}

static void stop_all(int sig)
{
    for (int i = 0; i < camp.nprocs; i++)
        if (camp.procs[i].pid > 0)
            kill(camp.procs[i].pid, sig);
}

static void reap_any(const options *o, int block)
{
    for (;;) {
        int ws;
        pid_t pid = waitpid(-1, &ws, block ? 0 : WNOHANG);
        if (pid <= 0)
            return;
        for (int i = 0; i < camp.nprocs; i++)
            if (camp.procs[i].pid == pid) {
                reap(o, &camp.procs[i], ws);
                break;
            }
        block = 0;
    }
}

static void make_latest_link(const char *out)
{
    /* reports/latest -> the newest campaign, when it lives in reports/ */
    const char *slash = strrchr(out, '/');
    if (!slash || (size_t)(slash - out) != strlen("reports") || strncmp(out, "reports", 7))
        return;
    char tmp[64];
    snprintf(tmp, sizeof tmp, "reports/.latest.%ld", (long)getpid());
    remove(tmp);
    if (!symlink(slash + 1, tmp) && rename(tmp, "reports/latest"))
        remove(tmp);
}

/* ---- the command ------------------------------------------------------------- */

/* Takes OUT/campaign.lock for the life of the process (the kernel drops it
 * when the process ends, even by SIGKILL), so that two campaigns never
 * share a folder; returns 0, or -1 (message given) if another holds it. */
static int lock_out_dir(void)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/campaign.lock", camp.out_dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "isect campaign: cannot create %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int e = errno;
        char pid[32] = "";
        ssize_t n = read(fd, pid, sizeof pid - 1);
        pid[n > 0 ? n : 0] = 0;
        pid[strcspn(pid, "\n")] = 0;
        close(fd);
        if (e == EWOULDBLOCK)
            fprintf(stderr, "isect campaign: %s is in use by another campaign (pid %s); wait for it or give another --out\n",
                    camp.out_dir, *pid ? pid : "unknown");
        else
            fprintf(stderr, "isect campaign: cannot lock %s: %s\n", path, strerror(e));
        return -1;
    }
    char pid[32];
    int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) || write(fd, pid, (size_t)len) != len)
        fprintf(stderr, "isect campaign: cannot write %s: %s\n", path, strerror(errno));
    return 0; /* fd stays open: the lock lasts as long as the process */
}

/* The campaign's folder and its campaign.log; returns 0, or -1 (message
 * given). */
static int open_out_dir(const options *o)
{
    if (o->out)
        snprintf(camp.out_dir, sizeof camp.out_dir, "%s", o->out);
    else {
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(camp.out_dir, sizeof camp.out_dir, "reports/%s", stamp);
        for (int k = 2; !access(camp.out_dir, F_OK) && k < 100; k++)
            snprintf(camp.out_dir, sizeof camp.out_dir, "reports/%s-%d", stamp, k);
    }
    size_t ol = strlen(camp.out_dir);
    while (ol > 1 && camp.out_dir[ol - 1] == '/')
        camp.out_dir[--ol] = 0;
    char logpath[1200];
    snprintf(logpath, sizeof logpath, "%s/campaign.log", camp.out_dir);
    if (isect_mkdir_p(camp.out_dir)) {
        fprintf(stderr, "isect campaign: cannot create %s: %s\n", camp.out_dir, strerror(errno));
        return -1;
    }
    if (lock_out_dir())
        return -1;
    if (!(camp.log = fopen(logpath, "ae"))) {
        fprintf(stderr, "isect campaign: cannot write %s: %s\n", logpath, strerror(errno));
        return -1;
    }
    make_latest_link(camp.out_dir);
    camp.tty = isatty(2);
    camp.deadline = camp.t0 + o->seconds;
    return 0;
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* The selection, in campaign.log and for the user. */
static void log_start(const options *o)
{
    char qs[1024] = "", ts[1024] = "";
    size_t nq = 0, nt = 0;
    for (int i = 0; i < camp.npairs; i++) {
        if (!strstr(qs, camp.pairs[i].q->name) && nq < sizeof qs - 80)
            nq += (size_t)snprintf(qs + nq, sizeof qs - nq, "%s%s", nq ? "," : "", camp.pairs[i].q->name);
        char needle[80];
        snprintf(needle, sizeof needle, "%s,", camp.pairs[i].t->name);
        char hay[1100];
        snprintf(hay, sizeof hay, "%s,", ts);
        if (!strstr(hay, needle) && nt < sizeof ts - 80)
            nt += (size_t)snprintf(ts + nt, sizeof ts - nt, "%s%s", nt ? "," : "", camp.pairs[i].t->name);
    }
    logev("start epoch=%.3f seconds=%.0f jobs=%d queries=%s targets=%s", camp.t0, o->seconds, o->jobs, qs, ts);
    for (int i = 0; i < camp.npairs; i++)
        logev("pair query=%s target=%s", camp.pairs[i].name, camp.pairs[i].t->name);
    fprintf(stderr, "isect campaign: %d pair%s (queries %s; targets %s), %.0f s on %d job%s, into %s/\n", camp.npairs,
            camp.npairs == 1 ? "" : "s", qs, ts, o->seconds, o->jobs, o->jobs == 1 ? "" : "s", camp.out_dir);
}

static void poll_procs(int ms)
{
    struct pollfd pf[MAX_PROCS];
    for (int i = 0; i < camp.nprocs; i++)
        pf[i] = (struct pollfd){camp.procs[i].fd, POLLIN, 0};
    if (poll(pf, (nfds_t)camp.nprocs, ms) > 0)
        for (int i = 0; i < camp.nprocs; i++)
            if (pf[i].revents)
                drain(&camp.procs[i]);
}

/* Stops processes past their end: SIGINT, then SIGKILL if they linger. */
static void stop_overdue(const options *o, double now)
{
    for (int i = 0; i < camp.nprocs; i++) {
        proc *pr = &camp.procs[i];
        /* a zoo bug caught stops now; others get a grace time past their
         * end, to stop by themselves (-max_total_time) */
        int zoo_done = zoo_finished(o, pr->p, now);
        if (!pr->sent_int && (zoo_done || now > pr->end + 4)) {
            kill(pr->pid, SIGINT); /* libFuzzer stops and prints its final stats */
            pr->sent_int = 1;
            pr->kill_at = now + 4;
        } else if (pr->sent_int && now > pr->kill_at) {
            kill(pr->pid, SIGKILL);
            pr->kill_at = now + 60;
        }
        if (zoo_finished(o, pr->p, now))
            pr->p->done = 1;
    }
}

/* Runs the harnesses until the deadline or an interruption. */
static void supervise(const options *o)
{
    double last_status = 0, last_progress = isect_epoch_now();
    while (!interrupted) {
        fill(o);
        double now = isect_epoch_now();
        if (!camp.nprocs && (now > camp.deadline - 1 || interrupted))
            break;
        if (!camp.nprocs) {
            int any = 0;
            for (int i = 0; i < camp.npairs; i++)
                any |= !camp.pairs[i].broken;
            if (!any)
                break;
        }
        poll_procs(200);
        now = isect_epoch_now();
        stop_overdue(o, now);
        reap_any(o, 0);
        if (now - last_status >= (camp.tty ? 0.5 : 10)) {
            status_line(o, 0);
            last_status = now;
        }
        if (now - last_progress >= 5) {
            log_progress();
            last_progress = now;
        }
    }
}

/* Ends every harness process that is still running. */
static void stop_harnesses(const options *o)
{
    /* stop: at the deadline the harnesses end by themselves (their
     * -max_total_time); otherwise, and after a grace time, SIGINT (libFuzzer
     * writes its final stats), then SIGKILL */
    double until = isect_epoch_now() + (interrupted ? 0 : 3);
    for (int sent = 0; camp.nprocs;) {
        if (!sent && isect_epoch_now() >= until) {
            stop_all(SIGINT);
            sent = 1;
            until = isect_epoch_now() + 4;
        } else if (sent && isect_epoch_now() >= until)
            break;
        poll_procs(100);
        for (int i = 0; i < camp.nprocs; i++)
            camp.procs[i].sent_int = sent;
        reap_any(o, 0);
    }
    stop_all(SIGKILL);
    while (camp.nprocs)
        reap_any(o, 1);
}

/* The end: the log closed, the report written; returns the exit status. */
static int finish(const options *o)
{
    log_progress();
    status_line(o, 1);
    logev("stop at=%.3f reason=%s", since(), interrupted ? "interrupted" : "deadline");
    fclose(camp.log);
    for (int i = 0; i < camp.npairs; i++)
        for (int k = 0; k < camp.pairs[i].nseen; k++)
            free(camp.pairs[i].seen[k]);

    int broken = 0;
    for (int i = 0; i < camp.npairs; i++)
        broken |= camp.pairs[i].broken && !camp.pairs[i].execs_done && strncmp(camp.pairs[i].t->name, "peer:", 5);
    if (interrupted)
        fprintf(stderr, "isect campaign: interrupted after %.1f s; the findings so far are kept\n", since());
    int rc = 0;
    if (o->report) {
        signal(SIGINT, SIG_DFL); /* a second Ctrl-C ends the report */
        rc = report_generate(camp.out_dir, camp.out_dir, stdout, 0, 1, 1);
    } else
        printf("findings: %s/findings/\n", camp.out_dir);
    if (interrupted)
        return 130;
    if (rc == 2 || broken)
        return 2;
    return rc;
}

int cmd_campaign(int argc, char **argv)
{
    options o;
    int rc = campaign_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    if (select_pairs(&o))
        return 2;
    camp.t0 = isect_epoch_now();
    if (open_out_dir(&o))
        return 2;
    install_signals();
    log_start(&o);
    supervise(&o);
    stop_harnesses(&o);
    return finish(&o);
}
