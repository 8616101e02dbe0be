package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An event with no event: line is a "message" (what EventSource dispatches
// it as), and Raw events says so; Detail called the same event
// "event (unnamed)", so the two panes named one event two ways. Detail
// says "message" too, and that no event: line came.
func TestDetailNamesAnUnnamedEventAsRawEventsDoes(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		_ = x.WriteRaw("data: {\"jsonrpc\":\"2.0\",\"id\":" + string(x.ID) + ",\"result\":{\"tools\":[]}}\n\n")
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 80, 24, "● initialized")
	l.tm.Type("l")
	l.waitFor("tools/list: ")
	l.waitFor("Raw events 2 ")
	m := l.quit()
	tabToEvents(t, m)
	press(m, "end")
	if view := ansi.Strip(m.View()); !strings.Contains(view, " message ") {
		t.Fatalf("Raw events does not call the unnamed event \"message\":\n%s", view)
	}
	press(m, "enter")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "event message (no event: line)") || strings.Contains(view, "(unnamed)") {
		t.Errorf("Detail does not name the unnamed event as Raw events does:\n%s", view)
	}
}

// An event whose name is all controls (an OSC 52 clipboard write) reads
// "(controls)" in Raw events and in Detail, and none of it reaches
// the screen: Detail fell back to the raw name when the name made safe
// was empty, and drew the escape.
func TestAnEventNamedOnlyInControlsIsShownUnprintable(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		_ = x.WriteRaw("event: \x1b]52;c;aGk=\x07\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + string(x.ID) + ",\"result\":{\"tools\":[]}}\n\n")
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 80, 24, "● initialized")
	l.tm.Type("l")
	l.waitFor("Raw events 2 ")
	m := l.quit()
	tabToEvents(t, m)
	press(m, "end")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "(controls)") {
		t.Fatalf("Raw events does not call the event's name unprintable:\n%s", view)
	}
	press(m, "enter")
	view := m.View()
	if strings.Contains(view, "\x1b]") || strings.Contains(view, "\a") {
		t.Errorf("the event's name reached the screen as control: %q", view)
	}
	if !strings.Contains(ansi.Strip(view), "event (controls)") {
		t.Errorf("Detail does not call the event's name unprintable:\n%s", ansi.Strip(view))
	}
}

// An event whose name begins with 64 bytes of escapes and goes on with a
// real name shows that name, where only its first 64 bytes were looked
// at and it read "(controls)", the name hidden.
func TestAnEventNameAfterManyEscapesIsShown(t *testing.T) {
	name := strings.Repeat("\x1b[0m", 16) + "progress"
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		_ = x.WriteRaw("event: " + name + "\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + string(x.ID) + ",\"result\":{\"tools\":[]}}\n\n")
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 80, 24, "● initialized")
	l.tm.Type("l")
	l.waitFor("Raw events 2 ")
	m := l.quit()
	tabToEvents(t, m)
	press(m, "end")
	if view := ansi.Strip(m.View()); !strings.Contains(view, " progress ") || strings.Contains(view, "(controls)") {
		t.Fatalf("Raw events does not show the name past the escapes:\n%s", view)
	}
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "event progress") {
		t.Errorf("Detail does not show the name past the escapes:\n%s", view)
	}
}
