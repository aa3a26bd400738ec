/* The physical limit for bench:pty: run `cat FILE` in a raw-mode PTY and drain the master with
 * blocking 64 KiB reads until EIO. Prints "bytes reads nanoseconds" (spawn to reaped exit). */
#define _GNU_SOURCE
#include <errno.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pty-drain FILE\n");
        return 2;
    }
    static char buf[64 * 1024];
    struct termios t;
    struct winsize ws = {.ws_row = 24, .ws_col = 80};
    cfmakeraw(&t); /* only the flags matter: no echo, no output processing */
    t.c_cflag |= CREAD;
    cfsetispeed(&t, B38400);
    cfsetospeed(&t, B38400);
    long long start = now_ns();
    int master;
    pid_t pid = forkpty(&master, NULL, &t, &ws);
    if (pid < 0) {
        perror("forkpty");
        return 1;
    }
    if (pid == 0) {
        execlp("cat", "cat", argv[1], (char *)NULL);
        _exit(127);
    }
    long long bytes = 0, reads = 0;
    for (;;) {
        ssize_t n = read(master, buf, sizeof buf);
        if (n > 0) {
            bytes += n;
            reads++;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0 || errno == EIO) break; /* every slave fd is closed: all output is in */
        perror("read");
        return 1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    long long elapsed = now_ns() - start;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "cat failed (status %d)\n", status);
        return 1;
    }
    printf("%lld %lld %lld\n", bytes, reads, elapsed);
    return 0;
}
