package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// stallingGoodbyes serves srv through a proxy that never answers what a
// client sends to take leave: notifications/cancelled, tasks/cancel and
// DELETE hang until the client gives up on them.
func stallingGoodbyes(t *testing.T, srv *mcptest.StreamableServer) string {
	t.Helper()
	target, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	relay := httputil.NewSingleHostReverseProxy(target)
	relay.ErrorLog = log.New(io.Discard, "", 0) // the goodbyes it gives up on
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method == http.MethodDelete || bytes.Contains(body, []byte(`"notifications/cancelled"`)) || bytes.Contains(body, []byte(`"tasks/cancel"`)) {
			<-r.Context().Done()
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		relay.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	return front.URL + "/mcp"
}

// ctrl+c on a tool called as a task, against a server that answers none of
// the goodbyes (notifications/cancelled, tasks/cancel, DELETE): exec stops
// within its second, 130, and the recording ends with the session's close.
// Each goodbye waited out its own bound, 1.4 s in all, and exec said
// "cleaning up took too long" and left the recording without its end.
func TestExecSignalDuringStalledGoodbyesKeepsTheRecording(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	endpoint := stallingGoodbyes(t, srv)
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	cmd, ended, stderr, ctx := execUntil(t, srv, "tasks/result", "exec", "--no-get-stream", "--record", recording, endpoint, "tools/list", "tools/call research topic=forever")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	interruptedCleanly(t, ctx, cmd, ended, stderr, recording)
	// The DELETE given up on is recorded in the user's words, where it
	// read "failed: context canceled".
	recs := readRecording(t, recording)
	want := "you pressed ctrl+c; it waited " + mcp.DurationText(goodbyeWait) + " for the server"
	said := false
	for _, r := range recs {
		if r.State != nil && r.State.State == mcp.StateClosed && r.State.SessionID != "" {
			said = strings.HasSuffix(r.State.Detail, want) && !strings.Contains(r.State.Detail, "context canceled")
			if !said {
				t.Errorf("the session's end is recorded as %q, want it to end %q", r.State.Detail, want)
			}
		}
	}
	if !said {
		t.Errorf("no record ends the session upstream:\n%+v", recs)
	}
}

// execUntil starts the built mcpscope with args, in a state directory of
// its own, and waits until srv is asked method. It returns the command, a
// channel its Wait's error comes on, its stderr, and a context bounding
// the test's waits.
func execUntil(t *testing.T, srv *mcptest.StreamableServer, method string, args ...string) (*exec.Cmd, <-chan error, *bytes.Buffer, context.Context) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(builtBinary(t), args...)
	cmd.Env = childEnv(t, "MCPSCOPE_STATE_DIR="+t.TempDir())
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == method }); err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	return cmd, ended, &stderr, ctx
}

// interruptedCleanly waits for cmd, signalled (ended carries its Wait), to
// end, and checks that it ended with 130 having cleaned up: stderr does not
// say it stopped before cleaning up ended ("so it stopped"), and the
// recording ends with the session's close.
func interruptedCleanly(t *testing.T, ctx context.Context, cmd *exec.Cmd, ended <-chan error, stderr *bytes.Buffer, recording string) {
	t.Helper()
	var err error
	select {
	case err = <-ended:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		t.Fatal("exec did not stop on the signal")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("exec ended with %v, want exit 130\n%s", err, stderr.String())
	}
	// Exec's own clock says whether cleaning up took too long, not the
	// test's (a loaded machine may take longer to run the process at all):
	// cleanup still under way after interruptWait, or a second interrupt,
	// ends the process with these words instead.
	if strings.Contains(stderr.String(), "so it stopped") {
		t.Errorf("exec stopped before cleaning up:\n%s", stderr.String())
	}
	recs := readRecording(t, recording)
	if len(recs) == 0 {
		t.Fatal("the recording holds nothing")
	}
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed {
		t.Errorf("the recording ends with %+v, want the session's close", last)
	}
}
