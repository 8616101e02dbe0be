package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// setFor sets *p to v for the rest of the test: a bound the product keeps
// short, run longer than a loaded machine takes, or shorter than a test
// would wait.
func setFor[T any](t *testing.T, p *T, v T) {
	was := *p
	t.Cleanup(func() { *p = was })
	*p = v
}

// run executes mcpscope with args and returns stdout, stderr and the exit
// status, reporting errors the way main does.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runCtx(t, context.Background(), args...)
}

// runCtx is run with a context, which ends as ctrl+c would.
func runCtx(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	cmd := newRootCmd()
	var out, errb bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs(args)
	code := report(&errb, cmd.ExecuteContext(ctx))
	return out.String(), errb.String(), code
}

// stateDir points recordings at a temporary directory.
func stateDir(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("MCPSCOPE_STATE_DIR", dir)
	return filepath.Join(dir, "sessions")
}

// onlyRecording is the path of the one recording in dir, where a test's
// single session was recorded.
func onlyRecording(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings %v, want one", files)
	}
	return files[0]
}

func TestExecListsAndCallsTheDemoGateway(t *testing.T) {
	stateDir(t)
	out, errOut, code := run(t, "exec", "--no-record", "tools/list", "tools/call greet name=Ann times=2")
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	for _, want := range []string{"── initialize", "server mcpscope-demo", "── tools/list", "greet", "name*: string", "── tools/call greet", "Hello, Ann! Hello, Ann!"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "built-in demo gateway") {
		t.Errorf("stderr does not say the demo gateway was used: %q", errOut)
	}
}

// exec with no URL records its session of the built-in demo as one, as
// the TUI does: sessions named it by a random port long closed.
func TestExecRecordsTheDemoGatewayAsTheDemo(t *testing.T) {
	state := stateDir(t)
	if _, errOut, code := run(t, "exec", "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	file := onlyRecording(t, state)
	out, errOut, code := run(t, "sessions")
	if code != exitOK || !strings.Contains(out, "built-in demo (/sse)") || strings.Contains(out, "127.0.0.1:") {
		t.Errorf("sessions: exit %d, want %s named the built-in demo (/sse), not by its port:\n%s%s", code, file, out, errOut)
	}
	if !strings.HasSuffix(file, "_demo.jsonl") {
		t.Errorf("the recording is %s, want its name to say demo, not the port that closed", file)
	}
}

// replay --against demo re-runs a recording of the demo on the path the
// --transport given serves: the recording's path alone sent SSE to /mcp.
func TestRerunAgainstTheDemoTakesTheTransportGiven(t *testing.T) {
	state := stateDir(t)
	if _, errOut, code := run(t, "exec", "--transport", "streamable", "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	file := onlyRecording(t, state)
	out, errOut, code := run(t, "replay", file, "--against", "demo", "--transport", "sse")
	again := regexp.MustCompile(`re-running against the built-in demo gateway at http://127\.0\.0\.1:\d+/sse\n`)
	if code != exitOK || !again.MatchString(errOut) || !strings.Contains(out, "same        tools/call greet") {
		t.Errorf("replay --against demo --transport sse: exit %d, want the demo's /sse and the call the same:\n%s%s", code, out, errOut)
	}
}

func TestExecUnquotedWordsJoinTheirCommand(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	out, errOut, code := run(t, "exec", "--no-record", url, "tools/call", "greet", "name=Bo", "loud=true")
	if code != exitOK || !strings.Contains(out, "HELLO, BO!") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestExecExitStatuses(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"tool isError", []string{url, "tools/call fail message=boom"}, exitFailed, "tool error"},
		{"json-rpc error", []string{url, "no/such/method"}, exitFailed, "error:"},
		{"bad value", []string{url, "tools/call greet name=Ann times=two"}, exitUsage, "times"},
		{"unterminated quote", []string{url, "tools/call greet name='Ann"}, exitUsage, "quote"},
		{"closed port", []string{"http://127.0.0.1:1", "tools/list"}, exitConnect, "nothing answered at 127.0.0.1:1: is the server started"},
		{"bad header", []string{"-H", "nocolon", url, "tools/list"}, exitUsage, "Name: value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, append([]string{"exec", "--no-record"}, tt.args...)...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("exit %d (want %d), output lacks %q:\n%s\n%s", code, tt.code, tt.want, out, errOut)
			}
		})
	}
}

func TestExecJSONPrintsRecords(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	out, errOut, code := run(t, "exec", "--no-record", "--json", url+"/sse", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	kinds := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct{ Kind string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		kinds[r.Kind]++
	}
	for _, k := range []string{"http", "event", "endpoint", "sent", "received", "state"} {
		if kinds[k] == 0 {
			t.Errorf("no %s record in --json output (%v)", k, kinds)
		}
	}
}

// exec --json lines end up in files and bug reports: the user's credentials
// are redacted in them as in a recording, unless --record-secrets says not.
func TestExecJSONRedactsSecrets(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	const token = "s3cr3t-token-for-the-test"
	out, errOut, code := run(t, "exec", "--no-record", "--json", "--bearer", token, url+"/mcp", "ping")
	if code != exitOK || strings.Contains(out, token) || !strings.Contains(out, "[redacted]") {
		t.Errorf("exit %d; the token is in the output: %v, redacted: %v\n%s", code, strings.Contains(out, token), strings.Contains(out, "[redacted]"), errOut)
	}
	out, _, code = run(t, "exec", "--no-record", "--json", "--record-secrets", "--bearer", token, url+"/mcp", "ping")
	if code != exitOK || !strings.Contains(out, token) {
		t.Errorf("with --record-secrets: exit %d, token kept: %v", code, strings.Contains(out, token))
	}
}

// A session recorded by exec can be listed, re-run against the same server
// (same answers), re-run against a changed server (a difference, shown), and
// exported.
func TestRecordListRerunExport(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, code := run(t, "exec", "--bearer", "tok-123456", url, "tools/list", "tools/call greet name=Ann")
	if code != exitOK {
		t.Fatalf("exec exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 1 || !strings.Contains(errOut, files[0]) {
		t.Fatalf("recordings %v; stderr %q", files, errOut)
	}
	raw, _ := os.ReadFile(files[0])
	if bytes.Contains(raw, []byte("tok-123456")) || !bytes.Contains(raw, []byte("[redacted]")) {
		t.Error("the bearer token was not redacted from the recording")
	}

	out, _, code := run(t, "sessions")
	if code != exitOK || !strings.Contains(out, url) {
		t.Errorf("sessions (exit %d) does not list %s:\n%s", code, url, out)
	}

	out, errOut, code = run(t, "replay", files[0], "--against", url)
	if code != exitOK || !strings.Contains(out, "0 different") {
		t.Errorf("re-run against the same gateway: exit %d\n%s\n%s", code, out, errOut)
	}

	changed := demotest.Start(t, demo.Options{Greeting: "Howdy"}).URL
	out, _, code = run(t, "replay", files[0], "--against", changed)
	if code != exitFailed || !strings.Contains(out, "different") || !strings.Contains(out, "Howdy") {
		t.Errorf("re-run against a changed gateway: exit %d\n%s", code, out)
	}

	_, _, code = run(t, "replay", files[0], "--against", "http://127.0.0.1:1")
	if code != exitConnect {
		t.Errorf("re-run against a closed port: exit %d, want %d", code, exitConnect)
	}

	out, _, code = run(t, "export", files[0], "--format", "md")
	if code != exitOK || !strings.Contains(out, "tools/call") || !strings.Contains(out, "```json") {
		t.Errorf("export md: exit %d\n%s", code, out)
	}
}

// A session recorded on the legacy stream re-runs against the same
// gateway's streamable endpoint with the same answers: how a user checks a
// migration.
func TestRerunAcrossTransports(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, code := run(t, "exec", url+"/sse", "tools/list", "tools/call greet name=Ann times=2", "tools/call convert value=30 from=c to=f")
	if code != exitOK {
		t.Fatalf("exec exit %d: %s", code, errOut)
	}
	file := onlyRecording(t, dir)
	out, errOut, code := run(t, "replay", file, "--against", url+"/mcp")
	if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "initialize") {
		t.Errorf("legacy recording against /mcp: exit %d\n%s\n%s", code, out, errOut)
	}
	// Across eras the handshakes differ by name: each side runs its own and
	// they are compared on what both say about the server.
	out, errOut, code = run(t, "replay", file, "--against", url+"/stateless")
	if code != exitOK || !strings.Contains(out, "4 same, 0 different") || !strings.Contains(out, "initialize (as server/discover") {
		t.Errorf("legacy recording against /stateless: exit %d\n%s\n%s", code, out, errOut)
	}
	modern := filepath.Join(dir, "modern.jsonl")
	if _, errOut, code := run(t, "exec", "--record", modern, url+"/stateless", "initialize", "tools/list", "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exec on /stateless: exit %d: %s", code, errOut)
	}
	// A streamable recording's detection asked server/discover first and
	// was refused: only the initialize that opened the session is its
	// handshake.
	streamable := filepath.Join(dir, "streamable.jsonl")
	if _, errOut, code := run(t, "exec", "--record", streamable, url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec on /mcp: exit %d: %s", code, errOut)
	}
	out, errOut, code = run(t, "replay", streamable, "--against", url+"/stateless")
	if code != exitOK || !strings.Contains(out, "2 same, 0 different") || !strings.Contains(out, "initialize (as server/discover") {
		t.Errorf("streamable recording against /stateless: exit %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = run(t, "replay", modern, "--against", url+"/sse")
	if code != exitOK || !strings.Contains(out, "3 same, 0 different") || !strings.Contains(out, "server/discover (as initialize") || strings.Contains(out, "subscriptions/listen") {
		t.Errorf("2026 recording against /sse: exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestTUINeedsATerminal(t *testing.T) {
	_, errOut, code := run(t, "--no-record")
	if code != exitUsage || !strings.Contains(errOut, "mcpscope exec") {
		t.Errorf("without a terminal: exit %d, %q", code, errOut)
	}
	// A replay of a file that is not there says so first: that is what
	// the user must fix, whatever the terminal.
	_, errOut, code = run(t, "replay", filepath.Join(t.TempDir(), "missing.jsonl"))
	if code != exitUsage || !strings.Contains(errOut, "no recording at ") || strings.Contains(errOut, "terminal") {
		t.Errorf("replay of a missing file without a terminal: exit %d, %q", code, errOut)
	}
}

func TestExecArgumentsThatLookLikeURLs(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	// A URL inside a command is not the server's URL; JSON params with
	// slashes stay with their command.
	out, errOut, code := run(t, "exec", "--no-record", url, "tools/call greet name=https://x.example/a", "tools/call", "search_notes", `tags:=["a/b"]`)
	// tags takes an enum, so the server refuses "a/b" (exit 1): what matters
	// is that it reached search_notes as its argument.
	if code != exitFailed || !strings.Contains(out, "Hello, https://x.example/a!") || !strings.Contains(out, "── tools/call search_notes") || !strings.Contains(errOut, `"a/b" is not one of`) {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestExecJSONStillReportsUsageErrors(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, code := run(t, "exec", "--no-record", "--json", url, "tools/call greet name=Ann times=abc")
	if code != exitUsage || !strings.Contains(errOut, "times") {
		t.Errorf("exit %d, stderr %q: want 2 and the key named", code, errOut)
	}
}

// A request the server refused with an HTTP status when recorded (the SDK
// answers an unknown method with 400) is the same when refused again.
func TestRerunKeepsRefusalsTheSame(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url, "no/such/method", "tools/call greet name=Ann"); code != exitFailed {
		t.Fatalf("exec exit %d, want 1: %s", code, errOut)
	}
	file := onlyRecording(t, dir)
	out, errOut, code := run(t, "replay", file, "--against", url, "--json")
	if code != exitOK || !strings.Contains(out, `"same": true`) {
		t.Errorf("re-run of a recording with a refused request: exit %d\n%s\n%s", code, out, errOut)
	}
}

// A URL typed without a scheme (as the TUI takes it) still has its password
// kept out of the recording: it is read the way the session reads it.
func TestRecordingRedactsTheURLPasswordWithoutAScheme(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	rf := &recordFlags{file: path}
	cfg := mcp.Config{URL: "alice:pa55word@127.0.0.1:8811"}
	in := make(chan []mcp.Record, 1)
	out, _, err := rf.start(in, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	in <- []mcp.Record{{Seq: 1, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "connect", Message: "cannot open http://alice:pa55word@127.0.0.1:8811/sse"}}}
	close(in)
	for range out {
	}
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte("pa55word")) || !bytes.Contains(raw, []byte("127.0.0.1:8811")) {
		t.Errorf("want the host kept and the URL's password left out:\n%s", raw)
	}
}

// exec answers what a server asks from --answer flags given ahead, in every
// era (a server request on the stream, or a multi round-trip request), and
// without them fails saying what was asked and how to answer it.
func TestExecAnswersInputRequests(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept name=Ann confirm=true copies=2", url, "tools/call confirm")
		if code != exitOK || !strings.Contains(out, "confirmed by Ann") {
			t.Errorf("%s with --answer: exit %d\n%s\n%s", url, code, out, errOut)
		}
		out, errOut, code = run(t, "exec", "--no-record", url, "tools/call confirm")
		if code != exitFailed || !strings.Contains(errOut, "--answer") || !strings.Contains(out+errOut, "confirm") {
			t.Errorf("%s without --answer: exit %d\n%s\n%s", url, code, out, errOut)
		}
		// An answer under a name nothing asked for is pointed out, and
		// a slip of the name is named as one, in every era.
		out, errOut, code = run(t, "exec", "--no-record", "--answer", "elicitaton accept name=Ann", url, "tools/call confirm")
		if code != exitFailed || !strings.Contains(errOut, "--answer 'elicitaton accept name=Ann' matched nothing the server asked: did you mean elicitation?") {
			t.Errorf("%s with a misnamed --answer: exit %d\n%s\n%s", url, code, out, errOut)
		}
	}
	// An answer that cannot name anything is a usage error before connecting.
	if _, errOut, code := run(t, "exec", "--no-record", "--answer", "sampling=yes", srv.SSEURL(), "ping"); code != exitUsage || !strings.Contains(errOut, "first word names what it answers") {
		t.Errorf("--answer sampling=yes: exit %d, %s; want a usage error saying how to write it", code, errOut)
	}
}

// A version the server does not speak, pinned with --protocol, is refused
// by a 2026 server: exec says which versions it speaks and how to pick one,
// and never falls back to the initialize era.
func TestExecPinnedVersionRefused(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, errOut, code := run(t, "exec", "--no-record", "--protocol", "2099-01-01", srv.StatelessURL(), "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "speaks protocol 2026-07-28") || !strings.Contains(errOut, "hint: pass --protocol VERSION with a version the server names") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, "initialize") {
		t.Errorf("a 2026 refusal fell back to initialize:\n%s\n%s", out, errOut)
	}
}

// exec takes every URL form the TUI takes, and an argument that looks like
// an address but is not a URL is an error, never the demo gateway.
func TestExecURLForms(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	upper := "HTTP://" + strings.TrimPrefix(srv.SSEURL(), "http://") + "?team=blue"
	if out, errOut, code := run(t, "exec", "--no-record", upper, "ping"); code != exitOK || strings.Contains(errOut, "demo gateway") {
		t.Errorf("%s: exit %d\n%s\n%s", upper, code, out, errOut)
	}
	// Nothing listens on [::1] here: the form is taken, and the connection fails.
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	if _, errOut, code := run(t, "exec", "--no-record", "--endpoint-timeout", "2s", "[::1]:"+port, "ping"); code != exitConnect || strings.Contains(errOut, "demo gateway") {
		t.Errorf("[::1]:%s: exit %d, %s", port, code, errOut)
	}
	// A pasted URL keeps the blanks around it.
	if out, errOut, code := run(t, "exec", "--no-record", " "+srv.SSEURL()+"\n", "ping"); code != exitOK || strings.Contains(errOut, "demo gateway") {
		t.Errorf("a URL with blanks around it: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, bad := range []string{"localhost:notaport", "http://", "ftp://example.com/sse", "http:/127.0.0.1:" + port + "/sse", "https:127.0.0.1:" + port} {
		if _, errOut, code := run(t, "exec", "--no-record", bad, "ping"); code != exitUsage || !strings.Contains(errOut, "not a URL") && !strings.Contains(errOut, "scheme") {
			t.Errorf("%q: exit %d, %s; want a usage error", bad, code, errOut)
		}
	}
	for _, h := range []string{"X-A: 1\r\nX-Evil: 2", "X-A: 1\nX-B: 2"} {
		if _, errOut, code := run(t, "exec", "--no-record", "-H", h, srv.SSEURL(), "ping"); code != exitUsage || !strings.Contains(errOut, "line break") {
			t.Errorf("-H %q: exit %d, %s", h, code, errOut)
		}
	}
	if _, errOut, code := run(t, "exec", "--no-record", "--bearer", "tok\n", srv.SSEURL(), "ping"); code != exitUsage || !strings.Contains(errOut, "line break") {
		t.Errorf("--bearer with a newline: exit %d, %s", code, errOut)
	}
}
