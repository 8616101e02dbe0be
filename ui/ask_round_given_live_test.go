package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 round whose first form was answered and whose second was left
// until the wait ran out is not sent: Detail of the call shows, under its
// failure, the answer given, and when the call is sent again and the
// server asks the first form again, ↑ brings back what was typed into it.
// Detail showed the failure only, and ↑ brought back nothing (only a
// question withdrawn or dismissed kept its typing).
func TestLiveRoundEndedEarlyShowsAndKeepsTheAnswersGiven(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		form := func(msg string) string {
			return `{"method":"elicitation/create","params":{"mode":"form","message":"` + msg + `","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"a":` + form("first") + `,"b":` + form("second") + `}}}`)
	})
	// The timeout is each form's wait: the first is answered by typing
	// (frames drawn under -race on loaded cores can take seconds), the
	// second waited out.
	l := startLive(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, RequestTimeout: 5 * time.Second})
	l.waitFor("● discovered")
	l.command("tools/call echo text=hi")
	l.waitFor("asks: elicitation/create")
	l.tm.Type("accept name=Ann")
	l.waitText("answer › accept name=Ann")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("answered ")
	l.waitRowState("tools/call echo", "✗ failed")
	l.mark()
	l.command("tools/call echo text=hi")
	l.waitFor("asks: elicitation/create")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.waitText("answer › accept name=Ann")
	m := l.quit()
	log := m.com.log
	for i := 0; i < log.PairCount(); i++ {
		if p := log.Pair(i); p.Method == "tools/call" && p.Failure != nil {
			detail := strings.Join(strings.Fields(ansi.Strip(strings.Join(detailOf(m, log, i), "\n"))), " ")
			if !strings.Contains(detail, `given a: {"action":"accept","content":{"name":"Ann"}}`) {
				t.Errorf("Detail of the round that ended early reads\n%s\nwant the form's answer given", detail)
			}
			return
		}
	}
	t.Errorf("no tools/call failed")
}

// A 2026 question whose inputRequests key holds control text is named by
// the key Go-quoted, as exec names it: the box's title read
// "(elicitation/create (k)" for the key "\x1b[2J\x1b]0;t\x07k", a key the
// server did not send.
func TestLiveQuestionKeyWithControlTextIsQuoted(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"\u001b[2J\u001b]0;t\u0007k":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}}}}}`)
	})
	l := startLive(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true})
	l.waitFor("● discovered")
	l.command("tools/call echo text=hi")
	l.waitFor(`asks: elicitation/create ("\x1b[2J\x1b]0;t\ak")`)
	l.quit()
}
