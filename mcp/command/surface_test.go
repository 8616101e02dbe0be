package command

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// tap keeps every record of a session so a test can wait for one.
type tap struct {
	mu      sync.Mutex
	recs    []mcp.Record
	changed chan struct{}
}

// open connects a session to url (opening it with initialize or
// server/discover) and taps its records.
func open(t *testing.T, url string) (*mcp.Session, *tap) {
	t.Helper()
	s := mcp.NewSession(mcp.Config{URL: url, ClientName: "mcpscope-test", ClientVersion: "0"})
	t.Cleanup(func() { s.Close() })
	tp := &tap{changed: make(chan struct{})}
	go func() {
		for batch := range s.Records() {
			tp.mu.Lock()
			tp.recs = append(tp.recs, batch...)
			close(tp.changed)
			tp.changed = make(chan struct{})
			tp.mu.Unlock()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if s.InitializeResult() == nil {
		if _, err := s.Initialize(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return s, tp
}

// wait returns the first record match accepts, waiting up to 10 seconds.
func (tp *tap) wait(t *testing.T, what string, match func(mcp.Record) bool) mcp.Record {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for i := 0; ; {
		tp.mu.Lock()
		recs, changed := tp.recs, tp.changed
		tp.mu.Unlock()
		for ; i < len(recs); i++ {
			if match(recs[i]) {
				return recs[i]
			}
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("no %s within 10s", what)
		}
	}
}

// count counts the records match accepts once the tap has caught up with
// the session: at least want of them, and every request sent so far
// answered in the records (or 10 s gone, for the caller's message).
func (tp *tap) count(t *testing.T, want int, match func(mcp.Record) bool) int {
	t.Helper()
	caughtUp := func() (int, bool) {
		tp.mu.Lock()
		defer tp.mu.Unlock()
		n, open := 0, map[int64]bool{}
		for _, r := range tp.recs {
			if match(r) {
				n++
			}
			switch {
			case r.Kind == mcp.KindSent && r.RPC.Class == mcp.ClassRequest && r.RPC.Method != "subscriptions/listen":
				open[r.Seq] = true
			case r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse:
				delete(open, r.RPC.ReqSeq)
			case r.Kind == mcp.KindError:
				delete(open, r.Error.ReqSeq) // given up on: nothing more comes for it
			}
		}
		return n, len(open) == 0
	}
	deadline := time.After(10 * time.Second)
	for {
		tp.mu.Lock()
		changed := tp.changed
		tp.mu.Unlock()
		// The records reach the tap after the calls that made them have
		// returned: until want of them came, the ones counted so far may
		// be all there is yet.
		if n, ok := caughtUp(); ok && n >= want {
			return n
		}
		select {
		case <-changed:
		case <-deadline:
			n, _ := caughtUp()
			return n // fewer than want: the caller says so
		}
	}
}

// countNow counts the records so far that match, without waiting; the
// caller holds no lock (wait's match runs outside it).
func (tp *tap) countNow(match func(mcp.Record) bool) int {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	n := 0
	for _, r := range tp.recs {
		if match(r) {
			n++
		}
	}
	return n
}

func sent(method string) func(mcp.Record) bool {
	return func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest && r.RPC.Method == method
	}
}

func received(method string) func(mcp.Record) bool {
	return func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == method
	}
}

// runLine parses and runs one command line on s.
func runLine(t *testing.T, s Session, line string) (*mcp.Response, []ArgWarning, error) {
	t.Helper()
	c, err := ParseCommand(line)
	if err != nil {
		t.Fatalf("ParseCommand(%q): %v", line, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return Run(ctx, s, c)
}

// Every command of the surface, run on the demo gateway in each era.
func TestRunTheSurfaceOnEveryEra(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		t.Run(url[strings.LastIndex(url, "/"):], func(t *testing.T) {
			s, _ := open(t, url)
			ok := func(line string) *mcp.Response {
				t.Helper()
				r, w, err := runLine(t, s, line)
				if err != nil || r == nil {
					t.Fatalf("%s: %v (warnings %v)", line, err, w)
				}
				return r
			}
			rp, _ := ParseResources(ok("resources/list --all").Result)
			rs := rp.Items
			if len(rs) != 3 || rs[0].URI == "" {
				t.Errorf("resources/list = %+v", rs)
			}
			tp, _ := ParseTemplates(ok("templates").Result)
			ts := tp.Items
			if len(ts) != 2 || ts[0].URITemplate != "notes://{tag}" {
				t.Errorf("resources/templates/list = %+v", ts)
			}
			cs, _ := ParseContents(ok("resources/read demo://readme").Result)
			if len(cs) != 1 || cs[0].Text == nil || !strings.Contains(*cs[0].Text, "mcpscope demo gateway") {
				t.Errorf("read demo://readme = %+v", cs)
			}
			cs, _ = ParseContents(ok("read demo://logo.png").Result)
			if b, err := cs[0].Bytes(); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
				t.Errorf("read demo://logo.png gave %d bytes, %v: want a PNG", len(b), err)
			}
			cs, _ = ParseContents(ok("read 'repo://{owner}/{name}' owner=modelcontextprotocol name=go-sdk").Result)
			if cs[0].URI != "repo://modelcontextprotocol/go-sdk" || !strings.Contains(*cs[0].Text, "official Go SDK") {
				t.Errorf("the filled template read %+v", cs[0])
			}
			desc, turns, _ := ParseConversation(ok("prompts/get review_code language=go focus=tests").Result)
			if !strings.Contains(desc, "go code review") || len(turns) != 2 || turns[0].Role != "user" ||
				!strings.HasPrefix(turns[1].String(), "assistant: Gladly") {
				t.Errorf("prompts/get = %q %+v", desc, turns)
			}
			c, _ := ParseCompletion(ok("complete prompt review_code language=ja").Result)
			if strings.Join(c.Values, ",") != "java,javascript" {
				t.Errorf("completion of language=ja = %v", c.Values)
			}
			c, _ = ParseCompletion(ok("complete resource repo://{owner}/{name} name= owner=tmaxmax").Result)
			if strings.Join(c.Values, ",") != "go-sse" {
				t.Errorf("completion of name with owner=tmaxmax = %v", c.Values)
			}
		})
	}
}

// A prompt's required argument left out is a warning, and the request
// still goes: the server's refusal is what a debugger shows.
func TestRunPromptWarnsAndSends(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	s, tp := open(t, srv.MCPURL())
	_, w, err := runLine(t, s, "prompts/get review_code focus=tests colour=red")
	var rpcErr *mcp.RPCError
	if !errors.As(err, &rpcErr) || !strings.Contains(rpcErr.Message, "needs the argument language") {
		t.Errorf("err = %v, want the server's refusal", err)
	}
	got := warningText(w)
	for _, want := range []string{"language: missing required key", "colour: unknown key (known keys: language, focus, code)"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings lack %q:\n%s", want, got)
		}
	}
	_, w, _ = runLine(t, s, "prompts/get review_code language=go focus:=1")
	if got := warningText(w); !strings.Contains(got, "focus: prompt arguments are strings; sending 1 as typed") {
		t.Errorf("a raw number for a prompt argument: warnings %s", got)
	}
	if n := tp.count(t, 2, sent("prompts/get")); n != 2 {
		t.Errorf("%d prompts/get sent, want 2", n)
	}
	_, w, _ = runLine(t, s, "prompts/get nosuch")
	if !strings.Contains(warningText(w), `prompt "nosuch" is not in prompts/list (known: review_code, summarize_notes)`) {
		t.Errorf("unknown prompt warnings: %v", w)
	}
}

// A Runner lists the prompts once and checks later gets from what it kept.
func TestRunnerKeepsThePromptsItListed(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	s, tp := open(t, srv.MCPURL())
	r := NewRunner(s)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 3 {
		c, _ := ParseCommand("prompt summarize_notes tag=mcp")
		if _, w, err := r.Do(ctx, c); err != nil || len(w) != 0 {
			t.Fatalf("prompts/get: %v %v", err, w)
		}
	}
	if n := tp.count(t, 1, sent("prompts/list")); n != 1 {
		t.Errorf("prompts/list sent %d times for three gets, want 1", n)
	}
}

// logging/setLevel filters the log tool's messages: by the request in the
// 2025 eras, by the _meta of every later request in 2026.
func TestRunSetLevelFiltersTheLog(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	for _, url := range []string{srv.MCPURL(), srv.StatelessURL()} {
		t.Run(url[strings.LastIndex(url, "/"):], func(t *testing.T) {
			s, tp := open(t, url)
			r, _, err := runLine(t, s, "loglevel error")
			modern := s.Transport() == mcp.TransportStateless
			if err != nil || (r == nil) != modern {
				t.Fatalf("logging/setLevel: %v, %v (2026: %v)", r, err, modern)
			}
			if _, _, err := runLine(t, s, "call log"); err != nil {
				t.Fatal(err)
			}
			call := tp.wait(t, "tools/call", sent("tools/call"))
			if modern && !strings.Contains(string(call.RPC.Raw), `"io.modelcontextprotocol/logLevel":"error"`) {
				t.Errorf("2026 tools/call carries no logLevel in _meta: %s", call.RPC.Raw)
			}
			// The answer's record follows its log messages.
			tp.wait(t, "the log tool's answer", func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.ID == call.RPC.ID
			})
			var levels []string
			tp.mu.Lock()
			for _, rec := range tp.recs {
				if received("notifications/message")(rec) {
					var n struct {
						Params struct{ Level string } `json:"params"`
					}
					_ = json.Unmarshal([]byte(rec.RPC.Raw), &n)
					levels = append(levels, n.Params.Level)
				}
			}
			tp.mu.Unlock()
			if strings.Join(levels, ",") != "error,critical,alert,emergency" {
				t.Errorf("log messages at %v, want error and above only", levels)
			}
		})
	}
}

// A subscription to demo://clock brings notifications/resources/updated,
// and unsubscribing is answered.
func TestRunSubscribeBringsUpdates(t *testing.T) {
	srv := demotest.Start(t, demo.Options{ClockInterval: 20 * time.Millisecond})
	// In 2026 the subscription rides the listen stream, opened again.
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		s, tp := open(t, url)
		if _, _, err := runLine(t, s, "subscribe demo://clock"); err != nil {
			t.Fatalf("%s subscribe: %v", url, err)
		}
		up := tp.wait(t, "notifications/resources/updated", received("notifications/resources/updated"))
		if !strings.Contains(string(up.RPC.Raw), `"uri":"demo://clock"`) {
			t.Errorf("%s update: %s", url, up.RPC.Raw)
		}
		if _, _, err := runLine(t, s, "unsubscribe demo://clock"); err != nil {
			t.Errorf("%s unsubscribe: %v", url, err)
		}
	}
}

// pagedList answers method with pages, by the cursor asked for ("" the
// first), and anything else as the fake does.
func pagedList(method string, pages map[string]string) func(x *mcptest.Exchange) {
	return func(x *mcptest.Exchange) {
		if x.Method != method {
			x.Default()
			return
		}
		var p struct{ Cursor string }
		_ = json.Unmarshal(x.Params, &p)
		x.Result(json.RawMessage(pages[p.Cursor]))
	}
}

// pagedResources answers resources/list in three pages chained by cursors.
var pagedResources = pagedList("resources/list", map[string]string{
	"":   `{"resources":[{"uri":"a://1","name":"1"}],"nextCursor":"p2"}`,
	"p2": `{"resources":[{"uri":"a://2","name":"2"}],"nextCursor":"p3"}`,
	"p3": `{"resources":[{"uri":"a://3","name":"3"}]}`,
})

// --all follows nextCursor and answers one list; without it, one page.
// 2025-11-25's tasks/list is paged as the others are: its --all was
// refused ("--all": expected key=value).
func TestRunListPages(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tasks/list" {
			pagedTasks(x)
			return
		}
		pagedResources(x)
	}})
	s, tp := open(t, srv.Endpoint())
	tests := []struct {
		line, want string
		next       string
	}{
		{"resources/list --all", "a://1 a://2 a://3", ""},
		{"resources/list", "a://1", "p2"},
		{"resources/list cursor=p2", "a://2", "p3"},
		{"tasks/list --all", "t1 t2", ""},
		{"tasks/list", "t1", "p2"},
		{"tasks/list cursor=p2", "t2", ""},
	}
	for _, tt := range tests {
		r, _, err := runLine(t, s, tt.line)
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if ids, next := pageItems(r.Result); strings.Join(ids, " ") != tt.want || next != tt.next {
			t.Errorf("%s = %v next %q, want %s next %q", tt.line, ids, next, tt.want, tt.next)
		}
	}
	// Records reach the tap after the calls that made them return.
	tp.wait(t, "the fifth resources/list", func(r mcp.Record) bool {
		return sent("resources/list")(r) && tp.countNow(sent("resources/list")) >= 5
	})
	if n := tp.count(t, 5, sent("resources/list")); n != 5 {
		t.Errorf("%d resources/list requests, want 5 (3 pages, then 1, then 1)", n)
	}
	if _, err := ParseCommand("resources/list cursor=a cursor=b"); !strings.Contains(errString(err), "one cursor") {
		t.Errorf("two cursors: %v", err)
	}
}

// pageItems are a list answer's items, each by its uri (a resource's) or
// taskId (a task's), and its nextCursor.
func pageItems(result json.RawMessage) (ids []string, next string) {
	var page map[string]json.RawMessage
	_ = json.Unmarshal(result, &page)
	_ = json.Unmarshal(page["nextCursor"], &next)
	for _, key := range []string{"resources", "tasks"} {
		var items []struct{ URI, TaskID string }
		_ = json.Unmarshal(page[key], &items)
		for _, it := range items {
			ids = append(ids, it.URI+it.TaskID)
		}
	}
	return ids, next
}

func warningText(ws []ArgWarning) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.String() + "\n")
	}
	return b.String()
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A last page whose result is null, not an object, comes back as it came
// instead of taking the merge (and the program) down.
func TestRunListAllEndingInANullResult(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		first := map[string]string{
			"resources/list": `{"resources":[{"uri":"a://1","name":"1"}],"nextCursor":"p2"}`,
			"tools/list":     `{"tools":[{"name":"t","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`,
		}
		page, ok := first[x.Method]
		if !ok {
			x.Default()
			return
		}
		var p struct{ Cursor string }
		_ = json.Unmarshal(x.Params, &p)
		if p.Cursor == "p2" {
			page = "null"
		}
		x.Result(json.RawMessage(page))
	}})
	s, _ := open(t, srv.Endpoint())
	r, _, err := runLine(t, s, "resources/list --all")
	if err != nil || r == nil || string(r.Result) != "null" {
		t.Errorf("resources/list --all = %+v, %v; want the last page's null result", r, err)
	}
	// tools/list reads every page's tools, so there the null is an error.
	r, _, err = runLine(t, s, "tools/list --all")
	if r == nil || string(r.Result) != "null" || !strings.Contains(errString(err), "not an object") {
		t.Errorf("tools/list --all = %+v, %v; want the null page and an error saying it is not an object", r, err)
	}
}
