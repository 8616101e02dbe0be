package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// Every row naming a URI keeps its end, whatever its method: a resource
// update read "updated demo://resource/d…" and a subscribe
// "resources/subscribe demo:…" under "resources/read …mic/text/5".
func TestFitMethodKeepsTheEndOfEveryURI(t *testing.T) {
	const uri = "demo://resource/dynamic/text/5"
	s := newScript()
	raw := `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"` + uri + `"}}`
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
		Method: "notifications/resources/updated", Conn: 1, Raw: mcp.Raw(raw)}})
	log := history.NewLog()
	log.Append(s.recs...)
	update := log.Pair(log.PairCount() - 1)
	subscribe := &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "resources/subscribe", Subject: uri}
	read := &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "resources/read", Subject: uri}
	for _, w := range []int{12, 20, 26, 30} {
		for _, pr := range []*history.Pair{update, subscribe, read} {
			got := fitMethod(pr, w)
			if n := ansi.StringWidth(got); n > w || !strings.HasSuffix(got, "text/5") || !strings.Contains(got, "…") {
				t.Errorf("fitMethod(%s, %d) = %q (%d cells), want the URI's end in %d cells", pr.Method, w, got, n, w)
			}
		}
	}
	if got := fitMethod(update, 40); got != "updated "+uri {
		t.Errorf("fitMethod(update, 40) = %q, want it whole", got)
	}
}

// Completions of one prompt's arguments begin alike whatever the length
// of the argument: at 160 columns one read "…/complete completable…
// department" over "completion/complete completa… name".
func TestFitMethodCutsCompletionsAlike(t *testing.T) {
	row := func(arg string) *history.Pair {
		return &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "completion/complete", Subject: "completable-prompt " + arg}
	}
	for _, w := range []int{26, 30, 34, 36} {
		dep, name := fitMethod(row("department"), w), fitMethod(row("name"), w)
		if !strings.HasSuffix(dep, " department") || !strings.HasSuffix(name, " name") {
			t.Fatalf("w %d: %q, %q: an argument was cut", w, dep, name)
		}
		if dep[:strings.IndexByte(dep, ' ')] != name[:strings.IndexByte(name, ' ')] {
			t.Errorf("w %d: rows of one prompt begin apart: %q, %q", w, dep, name)
		}
	}
}

// A log message's row takes the room of the columns it leaves empty
// (STATE "received", no times, no size): at 80 columns it showed 26 cells
// of text beside 30 of "received  –  –".
func TestLivePairsLogRowTakesTheEmptyColumns(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("loglevel warning")
	l.waitOK("logging/setLevel")
	l.callOK("log level=warning message=the-disk-is-nearly-full-on-host-alpha")
	l.waitText("log warning: the-disk")
	m := l.quit()
	rows := ansi.Strip(strings.Join(m.pairs.view(false), "\n"))
	if !strings.Contains(rows, "log warning: the-disk-is-nearly-full-on-host-alpha") {
		t.Errorf("the log row is cut before the columns it leaves empty:\n%s", rows)
	}
}

// Every named row is cut by one rule (fitHeads): the method shortened to
// "…/call" first, then the name cut after it. At 80 columns rows read
// "trigger-long-running-oper…" (tools/call dropped) beside "resources/read
// …tecture.md" (the long head kept while the URI was cut).
func TestFitMethodCutsEveryNamedRowAlike(t *testing.T) {
	call := &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "tools/call", Tool: "trigger-long-running-operation"}
	read := &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "resources/read", Subject: "demo://resource/static/document/architecture.md"}
	get := &history.Pair{Kind: history.KindRequest, State: history.StateOK, Method: "prompts/get", Subject: "a-prompt-with-a-rather-long-name"}
	for _, tt := range []struct {
		pr   *history.Pair
		w    int
		want string
	}{
		{call, 37, "…/call trigger-long-running-operation"},
		{call, 26, "…/call trigger-long-runni…"},
		{read, 26, "…/read …nt/architecture.md"},
		{get, 26, "…/get a-prompt-with-a-rat…"},
		{get, 38, "…/get a-prompt-with-a-rather-long-name"},
	} {
		if got := fitMethod(tt.pr, tt.w); got != tt.want || ansi.StringWidth(got) > tt.w {
			t.Errorf("fitMethod(%s, %d) = %q, want %q", tt.pr.Method, tt.w, got, tt.want)
		}
	}
}
