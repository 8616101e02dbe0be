package main

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// childTestEnv names, in a child test process, the one test it runs.
const childTestEnv = "MCPSCOPE_TEST_CHILD"

// rerunInChild runs the calling test again, alone, in a child test process
// and reports whether it did: the caller returns at once when it did, and
// goes on to the test proper when it is that child. A test that sends a
// signal to its own process needs this: the signal goes to the whole
// process, where it would also reach every teatest program of the
// package's earlier tests, whose watchers log after their test ended (a
// panic under -count=2). So does a test that bounds what the process
// allocates for one operation: alone, nothing else allocates meanwhile.
// The parent fails unless the child's test passed.
func rerunInChild(t *testing.T) bool {
	t.Helper()
	if os.Getenv(childTestEnv) == t.Name() {
		return false
	}
	// A timeout of its own: run directly, a test binary has none, and a
	// child that hung held the package until go test's ten minutes ran
	// out, with no word of where it hung.
	// A signalled command gives its cleanup a second (interruptWait),
	// then ends the whole process with 130, as it should; on a loaded
	// machine (go test -cpu 4 beside other packages) cleanup once took
	// longer, and the child died mid-test with nothing wrong to report.
	// Such a child is run again, up to three times in all.
	var out []byte
	var err error
	for try := 0; try < 3; try++ {
		cmd := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v", "-test.timeout=3m")
		cmd.Env = childEnv(t, childTestEnv+"="+t.Name())
		out, err = cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
			break
		}
	}
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("the test in its own process: %v\n%s", err, out)
	}
	return true
}

// hangupDuringCall waits until srv is asked tools/call, sends this process
// SIGHUP, and checks that the command run in the background, whose exit
// status done carries and whose name is what, stops as SIGINT stops it:
// 130, with srv told of the cancelled request. Run it in a child process
// (rerunInChild).
func hangupDuringCall(t *testing.T, ctx context.Context, srv *mcptest.StreamableServer, done <-chan int, what string) {
	t.Helper()
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" }); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitInterrupted {
			t.Errorf("exit %d, want %d", code, exitInterrupted)
		}
	case <-ctx.Done():
		t.Fatalf("%s did not stop on SIGHUP", what)
	}
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" }); err != nil {
		t.Errorf("the server was not told of the cancellation: %v", err)
	}
}

// childEnv is the environment of a child test process: this one's, with
// env added and TMPDIR a directory of the parent's test. The child's
// t.TempDir directories then go under it, so the parent's clean-up removes
// them: a child ending in os.Exit, or killed, never runs its own (about
// 270 were left in /tmp by one test in a day of runs).
func childEnv(t *testing.T, env ...string) []string {
	t.Helper()
	return append(append(os.Environ(), "TMPDIR="+t.TempDir()), env...)
}

// initializeBody is a client's initialize, for a test that plays the
// client over raw HTTP.
const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`

// runHeadlessProxy runs `mcpscope proxy --headless` to upstream, as the
// command line runs it, recording to dir, and returns once it listens, on
// listen; done carries its exit status. Run it in a child process: it is
// stopped with a signal to the whole process (stopWithRecordingClosed).
func runHeadlessProxy(t *testing.T, upstream string) (listen string, done <-chan int, dir string) {
	t.Helper()
	dir = t.TempDir()
	// A port for the proxy alone: held until it is let go just before
	// the proxy listens on it.
	listen, free := mcptest.ClosedUntil(t)
	free()
	exited := make(chan int, 1)
	go func() {
		cmd := newRootCmd()
		cmd.SetArgs([]string{"proxy", "--headless", "--listen", listen, "--record-dir", dir, upstream})
		exited <- report(os.Stderr, cmd.Execute())
	}()
	if !pollFor(func() bool {
		c, err := net.Dial("tcp", listen)
		if err == nil {
			c.Close()
		}
		return err == nil
	}) {
		t.Fatal("the proxy never listened")
	}
	return listen, exited, dir
}

// stopWithRecordingClosed sends this process sig (SIGTERM, SIGHUP) and
// checks that the headless proxy of runHeadlessProxy exits 0, its one
// recording (in dir) closed.
func stopWithRecordingClosed(t *testing.T, done <-chan int, dir string, sig syscall.Signal) {
	t.Helper()
	if err := syscall.Kill(syscall.Getpid(), sig); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("the proxy exited %d after %v, want %d", code, sig, exitOK)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the proxy did not stop within 30s of %v", sig)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(paths) != 1 {
		t.Fatalf("recordings %q, want one", paths)
	}
	recs := readRecording(t, paths[0])
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed {
		t.Fatalf("the recording ends with %+v, want its close", last)
	}
}
