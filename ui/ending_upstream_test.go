package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// i on a session whose server holds the DELETE ending the old one: the bar
// says what i waits on while the DELETE is out, and that it was given up
// on once mcp stops waiting. i said nothing for two seconds.
func TestReinitializeSaysTheHeldDelete(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sess := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	go func() {
		for range sess.Records() {
		}
	}()
	t.Cleanup(func() { sess.HurryFor("the test is over"); sess.Close() })
	if err := sess.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	backend := command.NewRunner(sess)
	m := New(Options{Styles: testStyles(), URL: srv.Endpoint(), Transport: "streamable", Backend: backend,
		Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 35})
	watch := m.watchEnding()
	if watch == nil {
		t.Fatal("i on a session does not look at the DELETE ending the old one")
	}
	again := make(chan error, 1)
	go func() { _, err := sess.Initialize(ctx); again <- err }()
	for {
		if inFlight, _ := sess.EndingUpstream(); inFlight {
			break
		}
		select {
		case err := <-again:
			t.Fatalf("re-initializing ended (%v) without a DELETE held", err)
		case <-ctx.Done():
			t.Fatal("the DELETE ending the old session never went out")
		case <-time.After(10 * time.Millisecond):
		}
	}
	said := runCmd(t, watch, func(msg tea.Msg) bool { return msg != nil })
	if _, ok := said.(endingSaidMsg); !ok {
		t.Fatalf("watching the held DELETE gave %#v, want it said", said)
	}
	_, over := m.Update(said)
	if view := ansi.Strip(m.View()); !strings.Contains(view, "ending the session upstream (DELETE)…") {
		t.Errorf("the bar does not say the DELETE is held:\n%s", view)
	}
	select {
	case <-again:
	case <-ctx.Done():
		t.Fatal("re-initializing did not give up on the held DELETE")
	}
	m.Update(runCmd(t, over, func(msg tea.Msg) bool { _, ok := msg.(endingOverMsg); return ok }))
	want := "the server did not answer the DELETE ending the old session: stopped waiting; it may stay open on the server until it expires"
	if view := m.View(); !readsWhole(view, want) {
		t.Errorf("the bar does not say the DELETE was given up on:\n%s", ansi.Strip(view))
	}
}

// endedBackend is a backend whose DELETE ending the old session was
// answered before the bar would say it.
type endedBackend struct{ *fakeBackend }

func (endedBackend) EndingUpstream() (inFlight, gaveUp bool) { return false, false }

// i whose DELETE is answered within waitnote.After says nothing of it:
// the bar speaks of a DELETE only while it is out.
func TestReinitializeSaysNothingOfADeleteAnswered(t *testing.T) {
	m := newTestModel(t, 160, 35, endedBackend{newFakeBackend()}, fixtureRecords())
	watch := m.watchEnding()
	if watch == nil {
		t.Fatal("i on a session does not look at the DELETE ending the old one")
	}
	if msg := watch(); msg != nil {
		t.Errorf("watching a DELETE answered at once gave %#v, want nothing said", msg)
	}
}
