package ui

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// hugeAnswerRecords is a session with an initialize call and a tools/call
// "dump" whose answer carries text, as the session records it: the event
// and the received message share the answer's bytes.
func hugeAnswerRecords(text string) []mcp.Record {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	init := s.request("1", "initialize", "", `{}`)
	s.post(init, 202, "")
	s.answer(init, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"big","version":"1"}}}`, false, false)
	seq := s.request("7", "tools/call", "dump", `{"name":"dump","arguments":{}}`)
	s.post(seq, 202, "")
	const head = "event: message\ndata: "
	block := head + `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"` + text + `"}]}}` + "\n\n"
	raw := mcp.Raw(block[len(head) : len(block)-2])
	s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message", Data: raw, Raw: mcp.Raw(block)}})
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "7",
		Method: "tools/call", Tool: "dump", ReqSeq: seq, Conn: 1, Raw: raw}})
	return s.recs
}

// bigText is 60 MB of answer, made once for the tests that need it.
var bigText = strings.Repeat("x", 60<<20)

func isFormatted(msg tea.Msg) bool { _, ok := msg.(detailFormattedMsg); return ok }

// Opening a 60 MB answer formats it in a command: Update returns with a
// placeholder, and the lines arrive as a message, cut at the pane's limit.
func TestDetailFormatsAHugeAnswerOffTheUpdateLoop(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	_, cmd := m.Update(keyMsg("enter"))
	if view := m.View(); !strings.Contains(view, "tools/call dump") || !strings.Contains(view, "formatting 1.0 MiB…") {
		t.Fatalf("opening a 60 MB answer does not show a placeholder while it is formatted:\n%s", view)
	}
	m.Update(runCmd(t, cmd, isFormatted))
	view := m.View()
	for _, want := range []string{"── Response ── 60.0 MiB", `"text": "xxxx`} {
		if !strings.Contains(view, want) {
			t.Fatalf("the formatted answer does not show %q:\n%s", want, view)
		}
	}
	lines := m.detail.lines()
	if last := lines[len(lines)-2]; !strings.Contains(last, "60.0 MiB in all") {
		t.Errorf("the answer does not end with what was left out (and where it is): %q", last)
	}
	if m.detail.scroll.offset != 0 {
		t.Errorf("opening a pair scrolled the detail to line %d", m.detail.scroll.offset)
	}
}

// Lines formatted for a selection the user has left are dropped.
func TestDetailDropsLinesOfAnEarlierSelection(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	_, cmd := m.Update(keyMsg("enter"))
	late := runCmd(t, cmd, isFormatted)
	press(m, "esc", "up", "enter")
	m.Update(late)
	detail := strings.Join(m.detail.lines(), "\n")
	if !strings.HasPrefix(detail, "→ request initialize") || strings.Contains(detail, "dump") || strings.Contains(detail, "formatting") {
		t.Fatalf("after moving to initialize, the detail pane shows:\n%s", detail)
	}
}

// y copies at most copyLimit bytes and says it cut them.
func TestCopyIsCapped(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	press(m, "enter")
	msg := runCmd(t, press(m, "y"), func(msg tea.Msg) bool { _, ok := msg.(copiedMsg); return ok })
	out := m.clipboard.(*strings.Builder).String()
	if !strings.HasPrefix(out, "\x1b]52;c;") || len(out) > copyLimit*4/3+16 {
		t.Fatalf("the clipboard got %d bytes, want an OSC 52 sequence of at most %d bytes of text", len(out), copyLimit)
	}
	m.Update(msg)
	if want := "copied the first 1.0 MiB of the response JSON of tools/call dump, id "; !strings.Contains(m.View(), want) || !strings.Contains(m.View(), " (60.0 MiB)") {
		t.Fatalf("the status bar does not say %q:\n%s", want, m.View())
	}
}

// q and ctrl+c answer at once while a 60 MB answer is being formatted, a
// batch of 4096 events of 1 MB each has just arrived, the filter is on and
// a megabyte is being copied.
func TestQuitAnswersDuringHeavyWork(t *testing.T) {
	mb := strings.Repeat("y", 1<<20)
	flood := make([]mcp.Record, maxBatch)
	for i := range flood {
		flood[i] = mcp.Record{Seq: int64(1000 + i), Time: fixedNow, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Data: mcp.Raw(mb), Raw: mcp.Raw(mb)}}
	}
	for _, tc := range []struct {
		name string
		keys []tea.Msg
	}{
		{"q", []tea.Msg{keyMsg("enter"), keyMsg("tab"), keyMsg("enter"), keyMsg("y"), keyMsg("q")}},
		{"ctrl+c while typing", []tea.Msg{keyMsg("enter"), keyMsg("tab"), keyMsg("enter"), keyMsg("/"), keyMsg("z"), keyMsg("ctrl+c")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := make(chan []mcp.Record, 2)
			m := New(Options{Records: ch, Styles: testStyles(), URL: fixtureBase, Now: func() time.Time { return fixedNow }})
			m.clipboard = io.Discard
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))
			ch <- hugeAnswerRecords(bigText)
			ch <- flood
			var seen bytes.Buffer
			out := io.TeeReader(tm.Output(), &seen)
			teatest.WaitFor(t, out, func([]byte) bool { return bytes.Contains(seen.Bytes(), []byte("Raw events 4099")) },
				teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
			tm.Type("/zz")
			for _, k := range tc.keys {
				tm.Send(k)
			}
			tm.WaitFinished(t, teatest.WithFinalTimeout(liveWait))
			final := tm.FinalModel(t).(*Model)
			if q := final.events.filter.query; !strings.HasPrefix(q, "zz") {
				t.Errorf("the filter is %q: the keys before the quit were not all handled", q)
			}
			if p, _ := final.detail.selection(); p == nil || p.Tool != "dump" {
				t.Errorf("the dump answer was not opened before the quit")
			}
		})
	}
}

// A row is formatted from a copy: its answer arriving while the request is
// formatted changes the row under Update, and the lines formatted before
// the answer are replaced by ones that show it.
func TestDetailFormatsACopyOfTheRow(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	big := `{"name":"store","arguments":{"blob":"` + strings.Repeat("z", 200<<10) + `"}}`
	seq := s.request("9", "tools/call", "store", big)
	s.post(seq, 202, "")
	m := newTestModel(t, 160, 45, nil, s.recs)
	_, cmd := m.Update(keyMsg("enter"))
	if cmd == nil {
		t.Fatal("opening a 200 KiB request formats it on the update loop")
	}
	formatted := make(chan tea.Msg, 1)
	go func() { formatted <- cmd() }()
	s.answer(seq, "9", "tools/call", "store", `{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"stored"}]}}`, false, false)
	m.Update(recordsMsg(s.recs[len(s.recs)-2:]))
	m.Update(<-formatted)
	if detail := strings.Join(m.detail.lines(), "\n"); !strings.Contains(detail, "formatting") || strings.Contains(detail, "pending") {
		t.Fatalf("lines formatted before the answer were shown after it:\n%s", detail)
	}
	// The command Update started for the answered row was dropped with
	// the batch it came in; start it again.
	m.detail.formatting = false
	m.Update(m.detail.refresh()())
	if detail := strings.Join(m.detail.lines(), "\n"); !strings.Contains(detail, "── Response") || !strings.Contains(detail, `"text": "stored"`) {
		t.Fatalf("the answer is not shown once formatted:\n%s", detail)
	}
}

// The answer of a send reaches Update on its own, the records of the
// exchange on the record channel: when the answer comes first, the pair
// opens in the detail pane as soon as its records are in the log.
func TestAnswerOpensWhenItsRecordsComeLater(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	before := len(s.recs)
	seq := s.request("3", "tools/call", "greet", `{"name":"greet","arguments":{"name":"Ada"}}`)
	s.post(seq, 202, "")
	s.answer(seq, "3", "tools/call", "greet", `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Hello, Ada!"}]}}`, false, false)
	m.Update(sentMsg{cmd: command.Command{Method: "tools/call", Tool: "greet"}, resp: &mcp.Response{ReqSeq: seq}})
	m.Update(recordsMsg(s.recs[before:]))
	if detail := strings.Join(m.detail.lines(), "\n"); !strings.Contains(detail, "Hello, Ada!") {
		t.Fatalf("the answer did not open once its records arrived:\n%s", detail)
	}

	// What the user opens meanwhile wins over an answer still on its way.
	before = len(s.recs)
	seq = s.request("4", "tools/call", "greet", `{"name":"greet","arguments":{"name":"Bo"}}`)
	s.answer(seq, "4", "tools/call", "greet", `{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"Hello, Bo!"}]}}`, false, false)
	m.Update(sentMsg{cmd: command.Command{Method: "tools/call", Tool: "greet"}, resp: &mcp.Response{ReqSeq: seq}})
	press(m, "enter")
	m.Update(recordsMsg(s.recs[before:]))
	if detail := strings.Join(m.detail.lines(), "\n"); !strings.Contains(detail, "Hello, Ada!") {
		t.Fatalf("an answer that came late replaced what the user opened:\n%s", detail)
	}
}
