package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The disk fills while export -o writes: it exits 1 saying so, and the
// half-written transcript is removed rather than left to pass for the
// whole session when shared. A file size limit in a child process (this
// test binary run again) makes the write fail as a full disk would.
func TestExportRemovesAnOutputItCouldNotFinish(t *testing.T) {
	serveFileLimitChild(t)
	path, _ := copyRecording(t)
	for _, format := range []string{"md", "json"} {
		output := filepath.Join(t.TempDir(), "session."+format)
		// Below either transcript's size (3 KiB of Markdown, 4 KiB of
		// JSON, the progress folded into its calls).
		_, errOut, code := runUnderFileLimit(t, 2048, "export", path, "--format", format, "-o", output)
		if code != exitFailed || !strings.Contains(errOut, "removed the incomplete "+output) {
			t.Errorf("export --format %s: exit %d, stderr %q; want exit 1 saying the incomplete file was removed", format, code, errOut)
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
