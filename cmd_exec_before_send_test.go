package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Two cursors for one list are a usage error said before anything is
// sent, as a cursor="" beside a cursor=X is: the line said "error:" under
// the list's heading, after the session had been opened for it.
func TestExecTwoCursorsAreRefusedBeforeSending(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list cursor=a cursor=b")
	want := "tools/list takes one cursor, not 2: cursor=X"
	if code != exitUsage || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want %d and %q on stderr:\n%s\n%s", code, exitUsage, want, out, errOut)
	}
	if strings.Contains(out, "── tools/list") || len(srv.Posts()) != 0 {
		t.Errorf("something was sent (%d posts):\n%s", len(srv.Posts()), out)
	}
}

// A "--" after the URL ends the flags, as cobra reads one before it: the
// commands after it run, and no request names the method "--". It was
// sent, and the server refused the method "--".
func TestExecDashDashAfterTheURLEndsTheFlags(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "--", "tools/list")
	if code != 0 || !strings.Contains(out, "── tools/list") || strings.Contains(out, "── --") {
		t.Errorf("exit %d, want 0 and tools/list run:\n%s\n%s", code, out, errOut)
	}
	for _, p := range srv.Posts() {
		if strings.Contains(string(p.Body), `"method":"--"`) {
			t.Errorf("sent %s", p.Body)
		}
	}
}

// What still leads the commands after the "--" and starts with "-" is a
// flag where a method goes: refused, with where flags go, and not sent.
// The word is quoted, as exec's other errors quote what was typed.
func TestExecAFlagWhereAMethodGoesIsRefused(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	for _, args := range [][]string{{"--", "--", "tools/list"}, {"--verbose", "tools/list"}} {
		out, errOut, code := run(t, append([]string{"exec", "--no-record", srv.SSEURL()}, args...)...)
		want := strconv.Quote(args[len(args)-2]) + " comes where a command's method goes, and no method starts with -: flags go before the URL"
		if code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, want %d and %q:\n%s\n%s", args, code, exitUsage, want, out, errOut)
		}
	}
	if n := len(srv.Posts()); n != 0 {
		t.Errorf("%d posts sent, want none", n)
	}
}
