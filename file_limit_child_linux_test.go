package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A file size limit makes every write past it fail (EFBIG) as a full disk
// would (ENOSPC). It is lowered in a child process (this test binary run
// again) only: lowered here it would also fail the test framework's own log
// of this process once that passed the limit. These name what the child is
// given: the limit, and for runUnderFileLimit the mcpscope arguments.
const (
	fileLimitEnv     = "MCPSCOPE_TEST_FSIZE"
	fileLimitArgsEnv = "MCPSCOPE_TEST_FSIZE_ARGS"
)

// inFileLimitChild reports whether this process is a child that
// fileLimitChild started, and there lowers its file size limit first. It
// skips the test where the limit cannot be lowered.
func inFileLimitChild(t *testing.T) bool {
	limit := os.Getenv(fileLimitEnv)
	if limit == "" {
		return false
	}
	n, err := strconv.ParseUint(limit, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", fileLimitEnv, limit, err)
	}
	small := syscall.Rlimit{Cur: n, Max: n}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Skipf("cannot lower the file size limit: %v", err)
	}
	return true
}

// fileLimitChild runs the test named test again in a child process whose
// files may not grow past limit bytes, with env added to its environment,
// and returns what the child printed. That test begins with
// inFileLimitChild, and in the child prints what the parent reads.
func fileLimitChild(t *testing.T, test string, limit uint64, env ...string) string {
	t.Helper()
	child := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(test)+"$")
	child.Env = childEnv(t, fileLimitEnv+"="+strconv.FormatUint(limit, 10))
	child.Env = append(child.Env, env...)
	raw, err := child.Output()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, raw)
	}
	return string(raw)
}

// runUnderFileLimit runs mcpscope with args as run does, but in a child
// process whose files may not grow past limit bytes, and returns its
// stdout, stderr and exit status. The calling test begins with
// serveFileLimitChild(t), which is what runs in the child. It skips the
// test where the child could not lower the limit.
func runUnderFileLimit(t *testing.T, limit uint64, args ...string) (string, string, int) {
	t.Helper()
	raw := fileLimitChild(t, t.Name(), limit, fileLimitArgsEnv+"="+strings.Join(args, "\n"))
	parts := strings.SplitN(raw, "\x00", 3)
	if len(parts) != 3 {
		t.Skipf("the child did not run %s (no file size limit here?): %q", args[0], raw)
	}
	code, err := strconv.Atoi(parts[2])
	if err != nil {
		t.Fatalf("the child's exit status %q: %v", parts[2], err)
	}
	return parts[0], parts[1], code
}

// serveFileLimitChild is runUnderFileLimit's child: there it runs mcpscope
// with the arguments it was given, prints its stdout, stderr and exit
// status for the parent, and exits. Anywhere else it returns at once.
func serveFileLimitChild(t *testing.T) {
	if !inFileLimitChild(t) {
		return
	}
	out, errOut, code := run(t, strings.Split(os.Getenv(fileLimitArgsEnv), "\n")...)
	fmt.Fprintf(os.Stdout, "%s\x00%s\x00%d", out, errOut, code)
	os.Exit(0)
}
