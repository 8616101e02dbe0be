package main

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// liveTUIScreen runs the live TUI as runTUI wires it (records through
// recordFlags.shown) on a session to url with the flags set by flags,
// opens the tools/list row in Detail and returns all the screen drew.
func liveTUIScreen(t *testing.T, url string, rf *recordFlags, flags func(*connFlags)) string {
	t.Helper()
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	m, sess := liveTUIModel(t, url, rf, flags)
	defer sess.Close()
	tw := watchTUI(t, m, 200, 60)
	go func() { _ = sess.Connect(t.Context()) }()
	tw.waitFor("● initialized")
	tw.tm.Type("l")
	tw.waitFor("tools/list: ok")
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tw.waitFor("Authorization:")
	return tw.quit()
}

// screenHidesCredentials fails t unless screen's Detail shows the
// Authorization and Cookie headers [redacted] and shows neither the token
// nor the cookie sent in them.
func screenHidesCredentials(t *testing.T, screen, token, cookie string) {
	t.Helper()
	for _, want := range []string{"Authorization: [redacted]", "Cookie: [redacted]"} {
		if !strings.Contains(screen, want) {
			t.Errorf("Detail does not show %q:\n%s", want, screen)
		}
	}
	for _, secret := range []string{token, cookie} {
		if strings.Contains(screen, secret) {
			t.Errorf("the screen shows %q", secret)
		}
	}
}

// The live TUI shows a request's credential headers as a recording holds
// them: mcpscope demos tools on shared screens, and y copies what Detail
// shows. The bearer token, a Cookie and a URL's password (sent as basic
// auth) read [redacted]; with --record-secrets they are shown, as they are
// recorded.
func TestLiveTUIShowsCredentialHeadersRedacted(t *testing.T) {
	gw := demotest.Start(t, demo.Options{}).MCPURL()
	const token, cookie = "TOKEN-live-4f1c9a", "COOKIE-live-0d2e7b"
	screen := liveTUIScreen(t, gw, &recordFlags{off: true}, func(cf *connFlags) {
		cf.bearer = token
		cf.headers = []string{"Cookie: sid=" + cookie}
	})
	screenHidesCredentials(t, screen, token, cookie)

	basic := strings.Replace(gw, "http://", "http://ann:PASSWORD-live-8b3a@", 1)
	screen = liveTUIScreen(t, basic, &recordFlags{off: true}, func(*connFlags) {})
	if !strings.Contains(screen, "Authorization: [redacted]") || strings.Contains(screen, "Basic ") || strings.Contains(screen, "PASSWORD-live-8b3a") {
		t.Errorf("the URL's password, sent as basic auth, is not shown redacted:\n%s", screen)
	}

	screen = liveTUIScreen(t, gw, &recordFlags{off: true, secrets: true}, func(cf *connFlags) { cf.bearer = token })
	if !strings.Contains(screen, "Authorization: Bearer "+token) {
		t.Errorf("with --record-secrets Detail does not show the token as it was sent:\n%s", screen)
	}
}
