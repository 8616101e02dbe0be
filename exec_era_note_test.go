package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 method typed in a session that negotiated a 2025 era is
// sent still (the user may be testing the server), but the demo's /mcp
// (the Go SDK) takes subscriptions/listen and never answers: exec waited
// the whole --timeout and then said only "no answer". It says at once,
// before that wait, that the method is of another era than the session.
func TestExecSaysAtOnceAMethodIsOfAnotherEra(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, errOut, _ := run(t, "exec", "--no-record", "--timeout", "1s", gw.MCPURL(),
		`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	note := strings.Index(errOut, "subscriptions/listen belongs to 2026-07-28 and this session speaks 2025-11-25")
	if note < 0 {
		t.Fatalf("exec did not say the method is of another era than the session:\n%s", errOut)
	}
	if wait := strings.Index(errOut, "no answer"); wait >= 0 && wait < note {
		t.Errorf("the era note came only after the wait for the answer:\n%s", errOut)
	}
}

// The other way round: ping is of the eras that open with initialize, and
// the demo's 2026-07-28 endpoint refuses it as an unknown method; exec
// said only the refusal, which read as the server's fault. It says first
// that the method is of another era than the session.
func TestExecSaysAnOlderMethodIsOfAnotherEraThanA2026Session(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, errOut, _ := run(t, "exec", "--no-record", "--timeout", "5s", gw.StatelessURL(), "ping")
	if !strings.Contains(errOut, "ping belongs to the eras before 2026-07-28 and this session speaks 2026-07-28") {
		t.Fatalf("exec did not say ping is of another era than the 2026 session:\n%s", errOut)
	}
}

// A server of a 2025 era that writes 2026-07-28's cache fields into its
// answers (the Go SDK's does, though the demo no longer does): exec shows
// them as written and says whose they are, not reading 2026's rules into
// them.
func TestExecSays2026CacheFieldsOfA2025AnswerAreAnotherEras(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[],"ttlMs":0,"cacheScope":"public"}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if want := "ttlMs 0 · cacheScope public (2026-07-28's fields: a 2025-11-25 session gives them no meaning)\n"; !strings.Contains(out, want) {
		t.Errorf("the answer does not say %q:\n%s", want, out)
	}
}
