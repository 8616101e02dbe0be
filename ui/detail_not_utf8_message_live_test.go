package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notification holding bytes that are not UTF-8 is drawn with a
// � for each, as an answer is: Detail says so at its top, of the
// notification in its row and of the event that carried it, worded for
// each; the clean call beside it says nothing of it.
func TestLiveDetailSaysANotificationIsNotUTF8(t *testing.T) {
	const (
		ofNote  = "⚠ the notification holds bytes that are not UTF-8, which JSON must be: they are drawn as �, and the recording keeps them exactly"
		ofEvent = "⚠ the event holds bytes that are not UTF-8, which an event stream must be: they are drawn as �, and the recording keeps them exactly"
	)
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if err := x.Event(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"caf` + "\xe9 \x9b" + `"}}`); err != nil {
			t.Errorf("sending the notification: %v", err)
		}
		x.Default()
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 120, 40, "● initialized")
	l.callOK("echo text=hi")
	m := l.quit()
	note := -1
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Kind == history.KindNotificationIn && p.Method == "notifications/message" {
			note = i
		}
	}
	if note < 0 {
		t.Fatalf("no notifications/message row")
	}
	view := ansi.Strip(strings.Join(detailOf(m, m.com.log, note), "\n"))
	words := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(view, "�") || !strings.Contains(words, ofNote) {
		t.Errorf("Detail draws the notification without %q:\n%s", ofNote, view)
	}
	if top := strings.Index(words, ofNote); top > strings.Index(words, "── Notification") {
		t.Errorf("the warning is not at the top of Detail:\n%s", view)
	}
	event := -1
	for i := 0; i < m.com.log.EventCount(); i++ {
		if strings.Contains(string(m.com.log.Event(i).Event.Data), "notifications/message") {
			event = i
		}
	}
	if event < 0 {
		t.Fatalf("no event carried the notification")
	}
	for _, pretty := range []bool{true, false} {
		m.detail.pretty = pretty
		view := ansi.Strip(strings.Join(eventDetailOf(m, m.com.log, event), "\n"))
		if words := strings.Join(strings.Fields(view), " "); !strings.Contains(words, ofEvent) {
			t.Errorf("Detail (pretty %v) draws the event without %q:\n%s", pretty, ofEvent, view)
		}
	}
	call := lastPair(m, func(p *history.Pair) bool { return p.Tool == "echo" && p.Response != nil })
	if call == nil {
		t.Fatalf("no answered tools/call echo row")
	}
	if view := ansi.Strip(openPair(t, m, call.Request.Seq)); strings.Contains(view, "not UTF-8") {
		t.Errorf("Detail of a clean call warns of bytes that are not UTF-8:\n%s", view)
	}
}
