package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The disk fills while the proxy records a client's session: the error is
// said as it happens, and when the proxy stops its report marks that
// recording incomplete and it exits 1, as exec does. It listed the file
// among the sessions recorded like any other and exited 0. A file size
// limit in a child process (this test binary run again) makes the writes
// fail as a full disk would.
func TestProxyReportMarksAnIncompleteRecording(t *testing.T) {
	if inFileLimitChild(t) {
		h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
		if _, errOut, code := run(t, "exec", "--no-record", h.run.base+"/mcp", "tools/call big bytes=100000"); code != exitOK {
			t.Fatalf("exec through the proxy: exit %d: %s", code, errOut)
		}
		h.end()
		code := exitOK
		select {
		case err := <-h.done:
			var ee *exitError
			if errors.As(err, &ee) {
				code = ee.code
			} else if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the headless proxy did not stop")
		}
		fmt.Fprintf(os.Stdout, "%s\x00%d", h.errw.String(), code)
		os.Exit(0)
	}
	report, code := proxyUnderFileLimit(t, 16<<10)
	if code != fmt.Sprint(exitFailed) {
		t.Errorf("the proxy exited %s, want %d for an incomplete recording", code, exitFailed)
	}
	for _, want := range []string{"failed: recording: cannot write to ", ".jsonl (#1 mcpscope dev) (incomplete: file too large)\n", "1 recording is incomplete"} {
		if !strings.Contains(report, want) {
			t.Errorf("stderr lacks %q:\n%s", want, report)
		}
	}
}

// A disk too full for even a session's recording to begin: the proxy
// relays the session unrecorded, and its report says so with the reason
// and exits 1 (it said the reason only as the session began, where the
// TUI covers it, and exited 0).
func TestProxyReportSaysASessionWasNotRecorded(t *testing.T) {
	report, code := proxyUnderFileLimit(t, 16)
	if code != fmt.Sprint(exitFailed) {
		t.Errorf("the proxy exited %s, want %d for a session not recorded", code, exitFailed)
	}
	for _, want := range []string{"is not recorded: recording: cannot write to ", "1 session was not recorded: recording: cannot write to "} {
		if !strings.Contains(report, want) {
			t.Errorf("stderr lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "nothing was recorded\n") && strings.Contains(report, "no client connected") {
		t.Errorf("the report says no client connected:\n%s", report)
	}
}

// proxyUnderFileLimit runs TestProxyReportMarksAnIncompleteRecording's
// child, a headless proxy whose files may not grow past limit bytes, and
// returns its stderr and exit status.
func proxyUnderFileLimit(t *testing.T, limit uint64) (string, string) {
	t.Helper()
	raw := fileLimitChild(t, "TestProxyReportMarksAnIncompleteRecording", limit)
	parts := strings.SplitN(raw, "\x00", 2)
	if len(parts) != 2 {
		t.Skipf("the child did not run the proxy (no file size limit here?): %q", raw)
	}
	return parts[0], parts[1]
}
