package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec lists, reads, fills templates, gets prompts and asks for completions
// in every era, and prints each readably.
func TestExecTheSurfaceOnEveryEra(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		t.Run(url[strings.LastIndex(url, "/"):], func(t *testing.T) {
			// Words given unquoted, as a shell passes them: a URI or a
			// template stays with the command that needs it.
			out, errOut, code := run(t, "exec", "--no-record", url,
				"resources", "templates", "resources/read", "demo://readme", "read", "demo://logo.png",
				"resources/read", "repo://{owner}/{name}", "owner=mcpscope", "name=mcpscope",
				"prompts", "prompts/get", "review_code", "language=go",
				"complete prompt review_code language=ja",
				"complete resource notes://{tag} tag=p", "tools/call greet name=Bo")
			if code != exitOK {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			for _, want := range []string{
				"── resources/list", "demo://logo.png  image/png", "3 resources",
				"── resources/templates/list", "repo://{owner}/{name}  application/json", "2 templates",
				"── resources/read demo://readme", "demo://readme (text/markdown):\n# mcpscope demo gateway",
				"demo://logo.png (image/png): binary, 159 bytes (--save FILE writes it)",
				"── resources/read repo://{owner}/{name}", "repo://mcpscope/mcpscope (application/json):", `"description": "An interactive terminal debugger`,
				"── prompts/list", "review_code", "language*  focus  code", "2 prompts",
				"── prompts/get review_code", "A go code review focused on correctness\nuser: Please review some go code",
				"assistant: Gladly.",
				"── completion/complete review_code language\njava\njavascript\n2 values",
				"── completion/complete notes://{tag} tag\nprogress\n1 value",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			modern := strings.HasSuffix(url, demo.StatelessPath)
			if got := strings.Contains(out, "resultType complete · ttlMs 60000 · cacheScope public\n"); got != modern {
				t.Errorf("2026 result info shown: %v, want %v:\n%s", got, modern, out)
			}
			// The demo answers as a correct server of each era: 2026's
			// cache fields only on 2026, so a 2025 session's answers have
			// no note of fields its era gives no meaning.
			if !modern && (strings.Contains(out, "cacheScope") || strings.Contains(out, "ttlMs")) {
				t.Errorf("a 2025 session's answers show 2026's cache fields:\n%s", out)
			}
			if modern && !strings.Contains(out, "protocol 2026-07-28 (stateless; supported: 2026-07-28,") {
				t.Errorf("server/discover not shown as the opening:\n%s", out)
			}
		})
	}
}

// --save writes the blob of a binary resource, keeps an existing file
// unless --force, and is refused when no single read is given.
func TestExecSaveWritesTheResource(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "logo.png")
	out, errOut, code := run(t, "exec", "--no-record", "--save", path, srv.MCPURL(), "read demo://logo.png")
	b, _ := os.ReadFile(path)
	if code != exitOK || !bytes.HasPrefix(b, []byte("\x89PNG\r\n")) || len(b) != 159 || !strings.Contains(out, "saved 159 bytes to "+path) {
		t.Fatalf("exit %d, %d bytes saved\n%s\n%s", code, len(b), out, errOut)
	}
	out, _, code = run(t, "exec", "--no-record", "--save", path, srv.MCPURL(), "read demo://readme")
	if b2, _ := os.ReadFile(path); code != exitFailed || !strings.Contains(out, "the file exists; pass --force to replace it") || !bytes.Equal(b, b2) {
		t.Errorf("an existing file: exit %d, replaced %v\n%s", code, !bytes.Equal(b, b2), out)
	}
	_, _, code = run(t, "exec", "--no-record", "--save", path, "--force", srv.MCPURL(), "read demo://readme")
	if b2, _ := os.ReadFile(path); code != exitOK || !strings.HasPrefix(string(b2), "# mcpscope demo gateway") {
		t.Errorf("--force: exit %d, file %.30q", code, b2)
	}
	// With --json the records are the output, and the file is written too.
	jsonPath := filepath.Join(t.TempDir(), "readme.md")
	out, _, code = run(t, "exec", "--no-record", "--json", "--save", jsonPath, srv.StatelessURL(), "read demo://readme")
	if b, _ := os.ReadFile(jsonPath); code != exitOK || !strings.HasPrefix(string(b), "# mcpscope demo gateway") || !strings.Contains(out, `"kind":"sent"`) {
		t.Errorf("--save with --json: exit %d, file %.30q", code, b)
	}
	for _, args := range [][]string{
		{"--save", path, srv.MCPURL(), "tools/list"},
		{"--save", path, srv.MCPURL(), "read demo://readme", "read demo://clock"},
		{"--force", srv.MCPURL(), "read demo://readme"},
		{"--linger", "-1s", srv.MCPURL(), "tools/list"},
	} {
		if _, errOut, code := run(t, append([]string{"exec", "--no-record"}, args...)...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2: %s", args, code, errOut)
		}
	}
}

// logging/setLevel filters the log tool's messages, which exec prints with
// the answer they came before; in 2026 the level rides in _meta.
func TestExecSetLevelFiltersLogMessages(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		out, errOut, code := run(t, "exec", "--no-record", url, "loglevel error", "tools/call log")
		if code != exitOK {
			t.Fatalf("%s: exit %d\n%s\n%s", url, code, out, errOut)
		}
		_, call, _ := strings.Cut(out, "── tools/call log\n")
		want := "· log error mcpscope-demo: hello from the demo (error)\n· log critical mcpscope-demo: hello from the demo (critical)\n" +
			"· log alert mcpscope-demo: hello from the demo (alert)\n· log emergency mcpscope-demo: hello from the demo (emergency)\nlogged "
		if !strings.HasPrefix(call, want) {
			t.Errorf("%s: the log tool's block:\n%s\nwant it to start:\n%s", url, call, want)
		}
		says := "log level set to error"
		if strings.HasSuffix(url, demo.StatelessPath) {
			says = `2026-07-28 has no logging/setLevel; every later request carries io.modelcontextprotocol/logLevel "error" in _meta`
		}
		if !strings.Contains(out, says) {
			t.Errorf("%s: output lacks %q:\n%s", url, says, out)
		}
	}
	if _, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), "loglevel loud"); code != exitUsage ||
		!strings.Contains(errOut, "use one of debug, info, notice, warning, error, critical, alert, emergency") {
		t.Errorf("an unknown level: exit %d, %s", code, errOut)
	}
}

// A subscription's updates arrive while exec lingers, and are printed.
func TestExecSubscribeAndLinger(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL()} {
		out, errOut, code := run(t, "exec", "--no-record", "--linger", "300ms", url, "subscribe demo://clock")
		if code != exitOK || !strings.Contains(out, "subscribed to demo://clock") || !strings.Contains(out, "· updated demo://clock") {
			t.Errorf("%s: exit %d\n%s\n%s", url, code, out, errOut)
		}
	}
}

// On 2026-07-28 (no resources/subscribe: the listen stream carries the
// subscriptions) an unsubscribe says the stream was opened again without
// the resource, not "with it among" its subscriptions.
func TestExecUnsubscribeOn2026SaysWithout(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	out, errOut, code := run(t, "exec", "--no-record", srv.StatelessURL(), "subscribe demo://clock", "unsubscribe demo://clock")
	if code != exitOK || !strings.Contains(out, "subscribed to demo://clock: the listen stream was opened again with it among its resourceSubscriptions") ||
		!strings.Contains(out, "unsubscribed from demo://clock: the listen stream was opened again without it in its resourceSubscriptions") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// JSON-RPC errors say what they mean and what to do.
func TestExecRPCErrorsSayMeaningAndAdvice(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	out, _, code := run(t, "exec", "--no-record", srv.StatelessURL(), "ping")
	if code != exitFailed || !strings.Contains(out, "meaning: method not found") || !strings.Contains(out, "hint: initialize, ping and logging/setLevel are gone in 2026-07-28") {
		t.Errorf("ping on 2026: exit %d\n%s", code, out)
	}
	// The error line quotes the server's message; the meaning line
	// repeated it in parentheses.
	if !strings.Contains(out, "  meaning: method not found: the server does not implement this method\n") {
		t.Errorf("ping on 2026: the meaning line is not the meaning alone\n%s", out)
	}
	out, _, _ = run(t, "exec", "--no-record", srv.MCPURL(), "read notes://nosuch")
	if !strings.Contains(out, "hint: the server refused the params") {
		t.Errorf("an unknown resource:\n%s", out)
	}
	var b bytes.Buffer
	p := &printer{w: &b, transport: mcp.TransportStateless}
	p.failure("tools/list", &mcp.RPCError{Code: mcp.CodeUnsupportedVersion, Message: "unsupported", Data: json.RawMessage(`{"supported":["2026-07-28","2025-11-25"],"requested":"2027-01-01"}`)}, "")
	for _, want := range []string{"meaning: UnsupportedProtocolVersion: 2027-01-01 is not spoken here", "hint: pass --protocol VERSION with one the server supports: 2026-07-28, 2025-11-25"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("-32022 lacks %q:\n%s", want, b.String())
		}
	} // A message past what Meaning quotes (1000 bytes) no longer equals
	// it: the meaning line repeated the message, cut.
	long := strings.Repeat("m", 1500)
	for _, e := range []*mcp.RPCError{{Code: mcp.CodeInternalError, Message: long}, {Code: mcp.CodeMethodNotFound, Message: long}} {
		b.Reset()
		p.failure("tools/list", e, "")
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(line, "  meaning:") && strings.Contains(line, "mmmm") {
				t.Errorf("error %d with a 1500-byte message: the meaning line repeats it: %.120s…", e.Code, line)
			}
		}
	}
}

// ctrl+c during a pending exec cancels the request on the wire before exec
// exits 130: notifications/cancelled in the 2025 eras, a closed stream in
// 2026.
func TestExecInterruptCancelsOnTheWire(t *testing.T) {
	t.Run("streamable", func(t *testing.T) {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		call := interruptSlow(t, srv.Endpoint(), srv.WaitRequest)
		var cancelled bool
		for _, r := range srv.Requests() { // no waiting: it was sent before exec returned
			var n struct {
				Params struct {
					RequestID json.RawMessage `json:"requestId"`
				} `json:"params"`
			}
			if r.Is("notifications/cancelled") && json.Unmarshal(r.Body, &n) == nil && string(n.Params.RequestID) == string(call.ID) {
				cancelled = true
			}
		}
		if !cancelled {
			t.Errorf("no notifications/cancelled for request %s reached the server", call.ID)
		}
	})
	t.Run("stateless", func(t *testing.T) {
		srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
		call := interruptSlow(t, srv.Endpoint(), srv.WaitRequest)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.Seq == call.Seq && r.Cancelled }); err != nil {
			t.Errorf("the server never saw the slow call's stream closed: %v", err)
		}
	})
}

// interruptSlow runs exec tools/call slow against url and interrupts it
// once the server has the call; it returns the call as the server got it.
func interruptSlow(t *testing.T, url string, wait func(context.Context, func(mcptest.Request) bool) (mcptest.Request, error)) mcptest.Request {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan mcptest.Request, 1)
	go func() {
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		defer wcancel()
		r, _ := wait(wctx, func(r mcptest.Request) bool { return r.Is("tools/call") })
		got <- r
		cancel() // ctrl+c
	}()
	out, errOut, code := runCtx(t, ctx, "exec", "--no-record", url, "tools/call slow")
	if code != exitInterrupted || !strings.Contains(out, "cancelled: the request was given up on") {
		t.Fatalf("exit %d, want 130\n%s\n%s", code, out, errOut)
	}
	return <-got
}

// The progress line follows the pending request's progress on a terminal
// and is cleared when the answer comes; elsewhere it is a plain line.
func TestProgressLine(t *testing.T) {
	sentRec := func(id, method, tool string) mcp.Record {
		return mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: id, Method: method, Tool: tool}}
	}
	progress := func(token, rest string) mcp.Record {
		return mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/progress",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + token + `,` + rest + `}}`)}}
	}
	answer := mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "7"}}

	var b bytes.Buffer
	p := &progressLine{w: &b, tty: true}
	p.record(sentRec("7", "tools/call", "slow"))
	p.record(progress("7", `"progress":1,"total":4,"message":"step 1"`))
	p.record(progress("9", `"progress":3,"total":4`)) // no request of ours
	p.record(progress("7", `"progress":2.5,"message":"\u001b[31mred\u001b[0m"`))
	p.record(answer)
	p.record(progress("7", `"progress":4,"total":4`)) // late: the request is answered
	got := b.String()
	// Two lines drawn and one clear: the server's own escape sequences
	// never reach the terminal.
	if strings.Count(got, "\x1b") != 3 {
		t.Errorf("the server's escape sequences reached the terminal: %q", got)
	}
	if !strings.HasPrefix(got, "\r\x1b[Ktools/call slow  [#####...............] 1/4  step 1\r\x1b[Ktools/call slow  2.5  ") ||
		!strings.Contains(got, "red") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("progress line %q", got)
	}

	var off bytes.Buffer
	q := &progressLine{w: &off}
	q.record(sentRec("7", "tools/call", "slow"))
	q.record(progress("7", `"progress":1,"total":4`))
	q.done()
	if want := "progress: tools/call slow  [#####...............] 1/4\n"; off.String() != want {
		t.Errorf("off a terminal the progress came as %q, want the plain line %q", off.String(), want)
	}
}

// On a terminal, exec draws the progress the server reports while a tool
// runs, and clears it before the result.
func TestExecDrawsProgressOnATerminal(t *testing.T) {
	url, release := heldToolCall(t, func(x *mcptest.Exchange) {
		_ = x.Progress(1, 3, "step 1")
	})
	e := startTTYExec(t, url, "tools/call steps n=3")
	const line = "\r\x1b[Ktools/call steps  [######..............] 1/3  step 1"
	e.waitStderr(10*time.Second, func(s string) bool { return strings.Contains(s, line) })
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s\n%q", err, e.out.String(), e.errb.String())
	}
	got := e.errb.String()
	if !strings.Contains(got, line) || !strings.HasSuffix(got, line+"\r\x1b[K") || !strings.Contains(e.out.String(), "done") {
		t.Errorf("the line was not drawn, or not cleared before the result:\n%q\n%s", got, e.out.String())
	}
}

// Words given as separate arguments join the command that still needs
// them, and a method word starts the next.
func TestExecJoinsWordsACommandNeeds(t *testing.T) {
	cmds, err := parseCommands([]string{"resources/read", "notes://{tag}", "tag=mcp", "read", "demo://a/b", "prompt", "x/y", "complete", "prompt", "p", "a=", "loglevel", "info", "prompts"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cmds {
		got = append(got, c.Method+" "+c.Target+" "+strings.Join(c.Words, ","))
	}
	want := []string{"resources/read notes://{tag} tag=mcp", "resources/read demo://a/b ", "prompts/get x/y ", "completion/complete p a=", "logging/setLevel info ", "prompts/list  "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("commands:\n%q\nwant\n%q", got, want)
	}
}

// tools/list --all prints the tools of every page, not the last page's.
func TestExecToolsListAllPages(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{ToolPages: 3})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list --all", "tools/list")
	want := len(mcptest.StreamableTools())
	if code != exitOK || !strings.Contains(out, fmt.Sprintf("\n%d tools\n", want)) || !strings.Contains(out, "tools (more pages: use tools/list --all, or cursor=") {
		t.Errorf("exit %d, want %d tools listed with --all and a page without:\n%s\n%s", code, want, out, errOut)
	}
}

// A flood of log messages before one answer is printed as its first and
// last lines and a count of those between, not held in memory whole.
func TestExecBoundsTheNotesBeforeAnAnswer(t *testing.T) {
	const flood = 5000
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "tools/call" {
			var b strings.Builder
			for i := range flood {
				fmt.Fprintf(&b, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"m%05d\"}}\n\n", i)
			}
			if err := c.Session.WriteRaw(b.String()); err != nil {
				return
			}
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/call echo text=x")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"m00000\n", "m00999\n", fmt.Sprintf("… %d more notifications", flood-maxNoteLines), "m04000\n", "m04999\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	for _, gone := range []string{"m01000\n", "m03999\n"} {
		if strings.Contains(out, gone) {
			t.Errorf("the output holds %q, from the middle of the flood", gone)
		}
	}
	if i, j := strings.Index(out, "m00999"), strings.Index(out, "m04000"); i < 0 || j < i {
		t.Errorf("the first and last lines are out of order")
	}
}

// With --no-listen a 2026 subscribe opens no stream: exec says no update
// comes, and the unsubscribe that no stream was reopened.
func TestExecSubscribeNoListenSaysNoStream(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.StatelessURL(), "subscribe demo://clock", "unsubscribe demo://clock")
	if code != exitOK || !strings.Contains(out, "subscribed to demo://clock, but --no-listen opens no listen stream: no update of it comes") ||
		!strings.Contains(out, "unsubscribed from demo://clock: --no-listen opens no listen stream, so none was reopened") ||
		strings.Contains(out, "opened again") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
