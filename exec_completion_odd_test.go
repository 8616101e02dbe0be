package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A completion/complete answer whose values are of mixed types (a number,
// null, an object beside the strings) and whose hasMore and total are
// strings: exec prints the values that are strings and counts the rest,
// rather than dropping to the raw JSON as if nothing in it were readable.
func TestExecCompletionOfOddTypesPrintsTheStrings(t *testing.T) {
	srv := completingServer(t, func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"completion":` +
			`{"values":["ruby",7,null,{"a":1},"rust"],"total":"lots","hasMore":"yes"}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "complete prompt review lang=r")
	want := "── completion/complete review lang\nruby\nrust\n2 values (3 more left out: not strings)" +
		` (total "lots" is not a count: left out; hasMore "yes" is not a boolean: read as false)` + "\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
	}
}

// A negative total is no count: exec printed "2 values of -5".
func TestExecCompletionOfNegativeTotalSaysSo(t *testing.T) {
	srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"completion":{"values":["ruby","rust"],"total":-5}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "complete prompt review lang=r")
	if want := "2 values (total -5 is not a count: left out)\n"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
	}
}

// A completion/complete answer of far more values than the specification's
// 100: exec prints 100 of them and counts the rest, instead of a line for
// every one.
func TestExecCompletionPastTheLimitPrintsABoundedNumber(t *testing.T) {
	var values strings.Builder
	for i := range 5000 {
		if i > 0 {
			values.WriteByte(',')
		}
		fmt.Fprintf(&values, `"v%d"`, i)
	}
	srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"completion":{"values":[` + values.String() + `]}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "complete prompt review lang=r")
	want := "v98\nv99\n5000 values (4900 not shown: the specification allows at most 100)\n"
	if code != exitOK || !strings.Contains(out, want) || strings.Contains(out, "v100\n") {
		t.Errorf("exit %d, want %q and no v100 in:\n%.2000s\n%s", code, want, out, errOut)
	}
}

// A total written as a whole number in another form (5.0, 5e0) is the
// count JSON's one number type makes it, where it was said to be "not a
// count"; one that is not whole, negative or past float64's range is not.
func TestExecCompletionTotalIsACountHoweverWritten(t *testing.T) {
	for total, want := range map[string]string{
		`5.0`:   "2 values of 5\n",
		`5e0`:   "2 values of 5\n",
		`50E-1`: "2 values of 5\n",
		`5.5`:   "2 values (total 5.5 is not a count: left out)\n",
		`-1`:    "2 values (total -1 is not a count: left out)\n",
		`1e400`: "2 values (total 1e400 is not a count: left out)\n",
	} {
		srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"completion":{"values":["ruby","rust"],"total":` + total + `}}}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "complete prompt review lang=r")
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("total %s: exit %d, want %q in:\n%s\n%s", total, code, want, out, errOut)
		}
	}
}
