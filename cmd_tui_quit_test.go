package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Quitting the TUI against a server that holds the DELETE ending its
// session gives the prompt back after the quit's wait, not the DELETE's
// own bound (nor the server's answer), says that it stopped waiting, and the session's records
// still end (closed by mcpscope), for the recording to be whole.
func TestQuitStopsWaitingForAHeldDelete(t *testing.T) {
	const held = 1500 * time.Millisecond
	said, took := quitAgainstHeldDelete(t, held, 100*time.Millisecond)
	if took >= held {
		t.Errorf("quitting took %s: it waited for the held DELETE", took)
	}
	if !strings.Contains(said, "within 100ms: stopped waiting") {
		t.Errorf("the quit said %q, want that it stopped waiting", said)
	}
}

// quitAgainstHeldDelete is what closeOnQuit says, waiting wait, of a
// session to a server that holds its DELETE for held, and how long it
// took; the session's records must still end closed.
func quitAgainstHeldDelete(t *testing.T, held, wait time.Duration) (string, time.Duration) {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: held})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sess, last := initializedSession(ctx, t, srv)
	var errw bytes.Buffer
	began := time.Now()
	closeOnQuit(&errw, wait, nil, sess)
	took := time.Since(began)
	endsClosed(ctx, t, last)
	return errw.String(), took
}

// Quitting the proxy's TUI with two own sessions open against a server
// that holds each DELETE gives the prompt back after one quit's wait, not
// after each DELETE in turn, says once what it waits for and once that it
// stopped waiting, with how many sessions, and both recordings still end
// closed. It said the same two lines for each session, naming none.
func TestProxyQuitStopsWaitingForTheOwnSessionsDeletes(t *testing.T) {
	const held = 1500 * time.Millisecond
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: held})
	errw := &syncBuffer{}
	s := &proxySessions{errw: errw}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var lasts []<-chan mcp.Record
	for range 2 {
		sess, last := initializedSession(ctx, t, srv)
		lasts = append(lasts, last)
		s.own = append(s.own, sess)
	}
	wait := closeNoticeAfter + 200*time.Millisecond
	began := time.Now()
	s.closeOwn(wait, nil)
	if took := time.Since(began); took >= held {
		t.Errorf("quitting took %s: it waited for the held DELETEs", took)
	}
	said := errw.String()
	notice := "mcpscope: ending 2 sessions upstream (DELETE)…\n"
	gaveUp := "did not answer the DELETEs ending 2 sessions (or calls' cancellations) within " + mcp.DurationText(wait) + ": stopped waiting; the sessions may stay open on the server until they expire\n"
	i, j := strings.Index(said, notice), strings.Index(said, gaveUp)
	if i < 0 || j < i || strings.Count(said, "\n") != 2 {
		t.Errorf("the quit said %q, want %q, then %q, once each", said, notice, gaveUp)
	}
	for _, last := range lasts {
		endsClosed(ctx, t, last)
	}
}

// Quitting the proxy's TUI with two own sessions, one to a server that
// answers its DELETE at once and one to a server that holds it, says the
// one DELETE still out: it said "ending 2 sessions upstream (DELETE)" of
// every streamable session while any close was slow, though one DELETE
// had been answered.
func TestProxyQuitSaysOnlyTheDeleteStillOut(t *testing.T) {
	held := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: 1500 * time.Millisecond})
	prompt := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	errw := &syncBuffer{}
	s := &proxySessions{errw: errw}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, srv := range []*mcptest.StreamableServer{held, prompt} {
		sess, _ := initializedSession(ctx, t, srv)
		s.own = append(s.own, sess)
	}
	s.closeOwn(closeNoticeAfter+200*time.Millisecond, nil)
	said := errw.String()
	if notice := "mcpscope: ending the session upstream (DELETE)…\n"; !strings.Contains(said, notice) || strings.Contains(said, "ending 2 sessions") {
		t.Errorf("the quit said %q, want %q: one DELETE was still out", said, notice)
	}
}

// initializedSession is a session to srv, initialized, and the channel
// that gets its last record once its records end.
func initializedSession(ctx context.Context, t *testing.T, srv *mcptest.StreamableServer) (*mcp.Session, <-chan mcp.Record) {
	t.Helper()
	return initializedWith(ctx, t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
}

// initializedWith is a session of cfg, initialized, and the channel that
// gets its last record once its records end.
func initializedWith(ctx context.Context, t *testing.T, cfg mcp.Config) (*mcp.Session, <-chan mcp.Record) {
	t.Helper()
	sess := mcp.NewSession(cfg)
	last := make(chan mcp.Record, 1)
	go func() {
		var r mcp.Record
		for batch := range sess.Records() {
			r = batch[len(batch)-1]
		}
		last <- r
	}()
	if err := sess.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	// Connect initializes a streamable session: Initialize again would end
	// it first with a DELETE of its own, one more for a server holding
	// DELETEs to hold.
	if !sess.Initialized() {
		if _, err := sess.Initialize(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return sess, last
}

// endsClosed checks that the session's records, whose last last gets, end
// with the session closed by mcpscope, for the recording to be whole.
func endsClosed(ctx context.Context, t *testing.T, last <-chan mcp.Record) {
	t.Helper()
	select {
	case r := <-last:
		if r.Kind != mcp.KindState || r.State.Detail != "closed by mcpscope" {
			t.Errorf("the records end with %+v, want the session closed by mcpscope", r)
		}
	case <-ctx.Done():
		t.Fatal("the session's records never ended")
	}
}

// Quitting the TUI names its recording, and the commands that replay and
// export it, each on a line of its own, whole from the line's start: after
// "session recorded to " or "replay it: " a long path wrapped mid-path at
// 80 columns, and selecting a line gave half of it.
func TestQuitNamesTheRecordingOnALineOfItsOwn(t *testing.T) {
	path := filepath.Join(t.TempDir(), strings.Repeat("sessions-of-a-long-named-project-", 3), "2026-11-27T23-30-00-127.0.0.1-10670.jsonl")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	out := reportOf(t, path)
	want := "session recorded to:\n  " + path + "\n" +
		"replay it:\n  mcpscope replay " + path + "\n" +
		"export it:\n  mcpscope export --format md -o session.md " + path + "\n"
	if out != want {
		t.Errorf("quitting said\n%s\nwant the path and each command alone on its line:\n%s", out, want)
	}
}

// Quitting the TUI against a server that holds its DELETE says on stderr,
// once the wait is noticeable, what the prompt waits for, before it says
// it stopped waiting: a second of silence after q looked hung.
func TestQuitSaysItWaitsForTheDelete(t *testing.T) {
	said, _ := quitAgainstHeldDelete(t, 3*time.Second, quitWait)
	notice := "mcpscope: ending the session upstream (DELETE)…\n"
	i, j := strings.Index(said, notice), strings.Index(said, "within 1s: stopped waiting")
	if i < 0 || j < i || strings.Count(said, notice) != 1 {
		t.Errorf("the quit said %q, want %q once, then that it stopped waiting", said, notice)
	}
}

// At 80 columns, quitting with a recording whose path is long writes the
// replay and export commands with the path on a line of its own after a
// backslash: every line fits, so none soft-wraps mid-path, and the two
// lines pasted into a shell run the command on that path, spaces and
// quotes and all. "mcpscope replay PATH" wrapped mid-path.
func TestQuitCommandsFitEightyColumnsAndPasteWhole(t *testing.T) {
	dir := shortTempDir(t)
	path := filepath.Join(dir, "Ann's dir", "2026-11-28T04-35-35_127.0.0.1-10955.jsonl")
	q := command.ShellPath(path)
	if len(q) > 76 {
		t.Skipf("the temporary directory %s is too long for the path to fit in 80 columns", dir)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	out := reportAt(t, path, 80)
	for _, c := range []struct{ label, verb string }{
		{"replay it:", "mcpscope replay"},
		{"export it:", "mcpscope export --format md -o session.md"},
	} {
		want := c.label + "\n  " + c.verb + " \\\n    " + q + "\n"
		if !strings.Contains(out, want) {
			t.Errorf("quitting at 80 columns said\n%s\nwant the path on its own line after the command:\n%s", out, want)
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line != "  "+path && ansi.StringWidth(line) > 80 {
			t.Errorf("a line wider than 80 columns: %q", line)
		}
	}
	_, pasted, _ := strings.Cut(out, "replay it:\n")
	pasted, _, _ = strings.Cut(pasted, "\nexport it:")
	if got := argsInBash(t, pasted); len(got) != 3 || got[2] != path {
		t.Errorf("the replay command pasted into bash is %q, want mcpscope replay %q", got, path)
	}
}

// Quitting with a short recording path keeps each command on one line,
// even at 80 columns: the backslash is only for what would wrap.
func TestQuitCommandsStayOnOneLineWhenTheyFit(t *testing.T) {
	path := filepath.Join(shortTempDir(t), "s.jsonl")
	if len(path) > 40 {
		t.Skipf("the temporary directory's path %s is too long for this test", path)
	}
	out := reportAt(t, path, 80)
	if want := "replay it:\n  mcpscope replay " + path + "\n"; !strings.Contains(out, want) {
		t.Errorf("quitting said\n%s\nwant\n%s", out, want)
	}
}

// shortTempDir is a temporary directory with a short path, removed at the
// test's end: t.TempDir's path, named for the test, alone takes most of 80
// columns.
func shortTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "q")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// argsInBash is the words bash reads in lines (a command as mcpscope
// printed it for pasting), its program's name included; the test is
// skipped with no bash.
func argsInBash(t *testing.T, lines string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to read the command back")
	}
	got, err := exec.Command(bash, "-c", "set -- "+lines+"\nprintf '%s\\0' \"$@\"").Output()
	if err != nil {
		t.Fatalf("bash reading %q: %v", lines, err)
	}
	return strings.Split(strings.TrimSuffix(string(got), "\x00"), "\x00")
}

// Quitting the TUI with a call still running, against a legacy server
// that holds the call's cancellation (no DELETE to wait for), says what
// the prompt waits for and that ctrl+c leaves now; ctrl+c then ends the
// wait at once, says that it stopped waiting, and the session's records
// still end closed. The wait was silent, and ctrl+c killed mcpscope with
// the recording's end unwritten.
func TestQuitCtrlCLeavesAHeldCancellation(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sess, last := heldCancellation(ctx, t)
	if note := closeWaitNote([]*mcp.Session{sess}, true); note != "mcpscope: waiting for the server to take the cancellation of a call still running… ctrl+c leaves now" {
		t.Errorf("the quit's note of the held cancellation is %q", note)
	}
	leave := make(chan os.Signal, 1)
	leave <- os.Interrupt
	var errw bytes.Buffer
	began := time.Now()
	closeOnQuit(&errw, quitWait, leave, sess)
	if took := time.Since(began); took >= closeNoticeAfter {
		t.Errorf("quitting took %s after ctrl+c", took)
	}
	if want := "did not take the cancellation of a call still running before ctrl+c: stopped waiting"; !strings.Contains(errw.String(), want) {
		t.Errorf("the quit said %q, want %q", errw.String(), want)
	}
	endsClosed(ctx, t, last)
}

// heldCancellation is a session to a legacy server with a call given up
// on, as the TUI's quit gives its calls up, whose cancellation the server
// holds, and the channel that gets the session's last record.
func heldCancellation(ctx context.Context, t *testing.T) (*mcp.Session, <-chan mcp.Record) {
	t.Helper()
	arrived := make(chan struct{}, 1)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "tools/call":
			c.Hang()
		case "notifications/cancelled":
			arrived <- struct{}{}
			c.Hang()
		default:
			c.Default()
		}
	}})
	sess, last := initializedWith(ctx, t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	callCtx, giveUp := context.WithCancel(ctx)
	called := make(chan struct{})
	go func() {
		defer close(called)
		_, _ = sess.CallTool(callCtx, "slow", nil)
	}()
	t.Cleanup(func() { <-called })
	giveUp()
	select {
	case <-arrived:
	case <-ctx.Done():
		t.Fatal("the server never got the call's cancellation")
	}
	return sess, last
}

// A recording in the default place, under the home directory, is named in
// the replay and export commands from ~/, which the shell expands back:
// the home directory's name made the path's own line wider than 80
// columns, and it soft-wrapped mid-path all the same.
func TestQuitCommandsNameTheHomeDirectoryAsTilde(t *testing.T) {
	home := filepath.Join(shortTempDir(t), "home", "alice")
	t.Setenv("HOME", home)
	path := filepath.Join(home, ".local", "state", "mcpscope", "sessions", "2026-11-28T04-44-48_127.0.0.1-10956.jsonl")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	out := reportAt(t, path, 80)
	want := "replay it:\n  mcpscope replay \\\n    ~/.local/state/mcpscope/sessions/2026-11-28T04-44-48_127.0.0.1-10956.jsonl\n"
	if !strings.Contains(out, want) {
		t.Errorf("quitting said\n%s\nwant\n%s", out, want)
	}
	_, commands, _ := strings.Cut(out, "replay it:\n")
	for _, line := range strings.Split(strings.TrimSuffix(commands, "\n"), "\n") {
		if ansi.StringWidth(line) > 80 {
			t.Errorf("a line wider than 80 columns: %q", line)
		}
	}
	pasted, _, _ := strings.Cut(commands, "\nexport it:")
	if got := argsInBash(t, pasted); len(got) != 3 || got[2] != path {
		t.Errorf("the replay command pasted into bash is %q, want mcpscope replay %q", got, path)
	}
}

// A recording under the home directory whose name starts with "-" is
// printed as ~/-x: after ~/ a "-" is no flag, and ./ read "~/./-x".
func TestHomeShellPathKeepsADashAfterTheHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	if got := homeShellPath(home + "/-x.jsonl"); got != "~/-x.jsonl" {
		t.Errorf("homeShellPath = %q, want ~/-x.jsonl", got)
	}
	if got := homeShellPath("-x.jsonl"); got != "./-x.jsonl" {
		t.Errorf("a relative path outside the home directory = %q, want ./-x.jsonl", got)
	}
}
