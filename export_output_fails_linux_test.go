package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The disk fills while export -o writes: it exits 1 saying so, and the
// half-written transcript is removed rather than left to pass for the
// whole session when shared. A file size limit in a child process (this
// test binary run again) makes the write fail as a full disk would.
func TestExportRemovesAnOutputItCouldNotFinish(t *testing.T) {
	if args := os.Getenv("MCPSCOPE_TEST_FSIZE_EXPORT"); args != "" {
		small := syscall.Rlimit{Cur: 4096, Max: 4096}
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
			t.Skipf("cannot lower the file size limit: %v", err)
		}
		out, errOut, code := run(t, strings.Split(args, "\n")...)
		fmt.Fprintf(os.Stdout, "%s\x00%s\x00%d", out, errOut, code)
		os.Exit(0)
	}
	path, _ := copyRecording(t)
	for _, format := range []string{"md", "json"} {
		output := filepath.Join(t.TempDir(), "session."+format)
		child := exec.Command(os.Args[0], "-test.run=^TestExportRemovesAnOutputItCouldNotFinish$")
		child.Env = append(os.Environ(), "MCPSCOPE_TEST_FSIZE_EXPORT="+strings.Join([]string{"export", path, "--format", format, "-o", output}, "\n"))
		raw, err := child.Output()
		if err != nil {
			t.Fatalf("the child: %v", err)
		}
		parts := strings.SplitN(string(raw), "\x00", 3)
		if len(parts) != 3 {
			t.Skipf("the child did not run export (no file size limit here?): %q", raw)
		}
		if parts[2] != strconv.Itoa(exitFailed) || !strings.Contains(parts[1], "removed the incomplete "+output) {
			t.Errorf("export --format %s: exit %s, stderr %q; want exit 1 saying the incomplete file was removed", format, parts[2], parts[1])
		}
		if _, err := os.Stat(output); !os.IsNotExist(err) {
			t.Errorf("export --format %s left %s behind (%v)", format, output, err)
		}
	}
}

// An -o that is not a regular file of its own (a link to a device, as
// /dev/stdout is) is written through and, when the write fails, left
// where it is: the error says what it received is incomplete. It was
// removed as a half-written transcript would be, which as root deletes
// /dev/stdout itself.
func TestExportLeavesAnOutputThatIsNotAFile(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	path, _ := copyRecording(t)
	link := filepath.Join(t.TempDir(), "session.md")
	if err := os.Symlink("/dev/full", link); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "export", path, "-o", link)
	if code != exitFailed || !strings.Contains(errOut, "what "+link+" received is incomplete") || strings.Contains(errOut, "removed") {
		t.Errorf("export -o a link to /dev/full: exit %d, stderr %q; want exit 1 saying what it received is incomplete", code, errOut)
	}
	if target, err := os.Readlink(link); err != nil || target != "/dev/full" {
		t.Errorf("the link %s is gone or changed: %q, %v", link, target, err)
	}
}
