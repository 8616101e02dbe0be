package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A subscriptions/listen typed by hand is a subscription of its own beside
// the session's (2026-07-28 lets a client hold several at once): one that
// names no resourceSubscriptions leaves what unsubscribe's Tab offers as
// it was, since the session's listen stream still carries them, and Detail
// calls its row the user's own stream, and Negotiation's Listen line
// goes on naming the session's.
func TestLiveTypedListenKeepsTheSubscribed(t *testing.T) {
	// No clock update comes in between to move the rows.
	gw := demotest.Start(t, demo.Options{ClockInterval: time.Hour})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL()}, 160, 45, "● discovered")
	l.mark()
	l.command("subscribe demo://clock")
	l.waitFor("subscribed to demo://clock")
	l.mark()
	l.command(`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	l.waitFor("subscriptions/listen: ok")
	// Detail shows its answer: the stream is not the session's live
	// stream, which Detail called it.
	l.waitFor("open: a listen stream of your own")
	l.unsubscribeTab("subscribed: demo://clock")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "unsubscribe demo://clock "; got != want {
		t.Errorf("after Tab the line is %q, want %q", got, want)
	}
	// Negotiation's Listen line is the session's live stream, the newest
	// listen that is not the one typed: it named the typed one.
	var own, typed string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Method == "subscriptions/listen" && p.Request != nil {
			if p.Request.RPC.UserStream {
				typed = p.ID
			} else {
				own = p.ID
			}
		}
	}
	neg := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.nego.lines(), "\n"))), " ")
	if own == "" || typed == "" || !strings.Contains(neg, "(subscriptions/listen, id "+own+")") || strings.Contains(neg, "id "+typed) {
		t.Errorf("the Listen line should name the session's listen %q, not the typed %q:\n%s", own, typed, neg)
	}
}

// With --no-listen no listen stream carries a subscription, and nothing is
// sent for it: unsubscribe's Tab offers it all the same, the hint says no
// stream carries it, and the status line says no update comes rather than
// that a stream was reopened.
func TestLiveNoListenOffersTheSubscribed(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL(), NoListen: true}, 160, 45, "● discovered")
	l.mark()
	l.command("subscribe demo://clock")
	l.waitFor("subscribed to demo://clock, but --no-listen opens no listen stream: no update of it comes")
	l.unsubscribeTab("subscribed (--no-listen: no stream carries them): demo://clock")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("unsubscribed from demo://clock (--no-listen: no listen stream to reopen)")
	l.mark()
	l.tm.Type(":unsubscribe ")
	l.waitFor("nothing subscribed in this session")
	l.quit()
}
