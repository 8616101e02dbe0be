package main

import (
	"strings"
	"testing"
)

// ":9851", a port with no host as some tools take for this machine, was
// read by exec as a command: the demo gateway started and was sent a
// method named ":9851". It names a server, and the refusal says the URL
// that would reach that port.
func TestPortWithoutHostIsAServerAddress(t *testing.T) {
	stateDir(t)
	for args, url := range map[[3]string]string{
		{"exec", ":9851", "tools/list"}:  "http://localhost:9851\n",
		{"exec", ":9851/sse", "ping"}:    "http://localhost:9851/sse\n",
		{"proxy", "--headless", ":9851"}: "http://localhost:9851\n",
	} {
		out, errOut, code := run(t, args[:]...)
		want := "is not a URL: it has no host; for this machine's port 9851 use " + url
		if code != exitUsage || !strings.Contains(errOut, want) || strings.Contains(errOut, "demo gateway") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", args, code, out, errOut, exitUsage, want)
		}
	}
}

// A port alone, "9851", was taken by exec for a command: the demo gateway
// started and was sent a method named "9851"; and --against 9851 looked
// up a host named "9851". Either way it names this machine's port, and
// the refusal says the URL that reaches it.
func TestANumberAloneIsAPortNotACommand(t *testing.T) {
	stateDir(t)
	// The path and scheme typed are kept: "use http://localhost:9851" for
	// https://9851/mcp reached neither.
	for args, url := range map[[3]string]string{
		{"exec", "9851", "tools/list"}:           "http://localhost:9851\n",
		{"exec", "9851/mcp", "ping"}:             "http://localhost:9851/mcp\n",
		{"exec", "https://9851/mcp?x=1", "ping"}: "https://localhost:9851/mcp?x=1\n",
		{"proxy", "--headless", "9851"}:          "http://localhost:9851\n",
	} {
		out, errOut, code := run(t, args[:]...)
		want := "is not a URL: 9851 names no host; for this machine's port 9851 use " + url
		if code != exitUsage || !strings.Contains(errOut, want) || strings.Contains(errOut, "demo gateway") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", args, code, out, errOut, exitUsage, want)
		}
	}
	if _, errOut, code := run(t, "exec", "http://2130706433/mcp", "ping"); code != exitUsage || !strings.Contains(errOut, "its host 2130706433 is a number alone") {
		t.Errorf("a number past a port's: exit %d, stderr %q", code, errOut)
	}
}
