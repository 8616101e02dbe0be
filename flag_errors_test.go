package main

import (
	"strings"
	"testing"
)

// A bad flag or a stray argument says, in the user's words, what was wrong
// and where the usage of that command is: not Go's parser ("time: invalid
// duration", "strconv.ParseInt: parsing"), not cobra's "unknown command
// "extra" for "mcpscope sessions"", and not the root command's help for
// a subcommand's flag.
func TestBadFlagsAndArgumentsSayWhatToDo(t *testing.T) {
	stateDir(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"exec", "--timeout", "abc", "tools/list"}, []string{`--timeout "abc" is not a duration: give one such as`, "run 'mcpscope exec --help' for usage"}},
		{[]string{"--endpoint-timeout", "5"}, []string{`--endpoint-timeout "5" is not a duration (5s for seconds`, "run 'mcpscope --help' for usage"}},
		{[]string{"proxy", "--max-sessions", "x", "http://127.0.0.1:1"}, []string{`--max-sessions "x" is not a whole number`, "run 'mcpscope proxy --help' for usage"}},
		{[]string{"exec", "--json=maybe", "tools/list"}, []string{"--json=maybe: a switch is true or false", "run 'mcpscope exec --help' for usage"}},
		{[]string{"exec", "--max-event-size", "12QB", "tools/list"}, []string{`--max-event-size "12QB" is not a size: give bytes`}},
		{[]string{"export", "--nope", "x.jsonl"}, []string{"unknown flag: --nope", "run 'mcpscope export --help' for usage"}},
		{[]string{"sessions", "a", "b"}, []string{"sessions takes at most one DIR, the folder of recordings to list", "run 'mcpscope sessions --help' for usage"}},
		{[]string{"themes", "dark"}, []string{"themes takes no arguments", "run 'mcpscope themes --help' for usage"}},
		{[]string{"demo-server", "127.0.0.1:8811"}, []string{"demo-server takes no arguments (the address is --addr)", "e.g. mcpscope demo-server --addr 127.0.0.1:8811"}},
		{[]string{"http://127.0.0.1:1", "http://127.0.0.1:2"}, []string{"takes at most one URL", "run 'mcpscope --help' for usage"}},
		{[]string{"exce", "tools/list"}, []string{`"exce" is neither a command nor a URL; did you mean exec?`}},
		{[]string{"sesions"}, []string{`"sesions" is neither a command nor a URL; did you mean sessions?`}},
		{[]string{"help", "sesions"}, []string{`help "sesions": no such command; did you mean sessions?`}},
		{[]string{"version"}, []string{`"version" is neither a command nor a URL; did you mean --version?`}},
		{[]string{"exec", "--bearr", "x", "tools/list"}, []string{"unknown flag: --bearr: did you mean --bearer?", "run 'mcpscope exec --help' for usage"}},
		{[]string{"proxy", "--headles", "http://127.0.0.1:1"}, []string{"unknown flag: --headles: did you mean --headless?"}},
		{[]string{"replay", "last", "--export", "md"}, []string{"unknown flag: --export: export is a command of its own, not a flag of replay: mcpscope export FILE", "run 'mcpscope export --help' for usage"}},
	} {
		errOut := usageSays(t, tc.args, tc.want...)
		for _, raw := range []string{"invalid argument", "time: ", "strconv.", "unknown command", "accepts at most", `"12QB": "12QB"`} {
			if strings.Contains(errOut, raw) {
				t.Errorf("%v: %q says %q", tc.args, errOut, raw)
			}
		}
	}
}

// usageSays runs mcpscope with args, checks that it exits as a usage error
// whose stderr says each of want, and returns that stderr.
func usageSays(t *testing.T, args []string, want ...string) string {
	t.Helper()
	_, errOut, code := run(t, args...)
	if code != exitUsage {
		t.Errorf("%v: exit %d %q, want %d", args, code, errOut, exitUsage)
	}
	for _, w := range want {
		if !strings.Contains(errOut, w) {
			t.Errorf("%v: %q does not say %q", args, errOut, w)
		}
	}
	return errOut
}

// An empty first word is no slip of any command: cobra's suggestions took it
// for the start of every one and listed them all.
func TestEmptyWordSuggestsNoCommand(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "")
	if code != exitUsage || !strings.Contains(errOut, `"" is neither a command nor a URL`) || strings.Contains(errOut, "did you mean") {
		t.Errorf("exit %d %q, want %d saying the empty word is no command, suggesting none", code, errOut, exitUsage)
	}
}
