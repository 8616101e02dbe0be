package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// y on notifications/initialized said "copied request JSON": a
// notification is no request, and the words read as another row copied.
func TestLiveCopyNotificationSaysNotification(t *testing.T) {
	l := liveDemoAt80(t)
	m := l.quit()
	press(m, "home", "down", "enter")
	if !strings.Contains(ansi.Strip(m.View()), "notifications/initialized · ") {
		t.Fatalf("Detail never showed notifications/initialized:\n%s", ansi.Strip(m.View()))
	}
	copied, ok := press(m, "y")().(copiedMsg)
	if !ok {
		t.Fatal("y did not copy")
	}
	m.Update(copied)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "copied notification JSON of notifications/initialized (") {
		t.Errorf("the screen does not say a notification was copied:\n%s", view)
	}
}
