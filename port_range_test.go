package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// A port out of range is the user's typo, said as one before anything
// runs: exit 2 with the port named, no recording of a session that never
// was, and none of the resolver's words ("address 99999: invalid port")
// nor its advice for a server that is not started.
func TestPortsOutOfRangeAreUsageErrors(t *testing.T) {
	dir := stateDir(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"exec", "http://127.0.0.1:99999/mcp", "tools/list"}, "port 99999"},
		{[]string{"exec", "127.0.0.1:0/mcp", "tools/list"}, "port 0"},
		{[]string{"exec", "--allow-origin", "http://gw.example:99999", "http://127.0.0.1:1/mcp", "tools/list"}, `--allow-origin "http://gw.example:99999" is not an origin: the port 99999 is out of range`},
		{[]string{"proxy", "--headless", "--listen", "127.0.0.1:99999", "http://127.0.0.1:1"}, "--listen \"127.0.0.1:99999\": the port 99999"},
		{[]string{"demo-server", "--addr", "127.0.0.1:99999"}, "--addr \"127.0.0.1:99999\": the port 99999"},
		{[]string{"demo-server", "--addr", "nohost"}, "--addr \"nohost\" is not host:port"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d %q, want a usage error saying %q", tc.args, code, errOut, tc.want)
		}
		for _, raw := range []string{"invalid port", "listen tcp", "is the server started"} {
			if strings.Contains(errOut, raw) {
				t.Errorf("%v: %q says %q", tc.args, errOut, raw)
			}
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("recordings %v of sessions that never started", files)
	}
}

// The proxy refuses an upstream whose port is out of range before it
// listens: it would relay every client's request to a port none can dial.
func TestProxyRefusesAnUpstreamPortOutOfRange(t *testing.T) {
	stateDir(t)
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{}) // the flags' defaults
	pf := &proxyFlags{listen: "127.0.0.1:0", headless: true, noRecord: true}
	r, err := startProxy("http://127.0.0.1:99999", cf, pf, io.Discard)
	if err == nil {
		r.stop()
		t.Fatal("the proxy started, relaying to port 99999")
	}
	if code := report(io.Discard, err); code != exitUsage || !strings.Contains(err.Error(), "port 99999 is out of range") {
		t.Errorf("exit %d, %v; want a usage error naming the port", code, err)
	}
}
