package main

import (
	"strings"
	"testing"
)

// Input that names nothing runnable is refused with exit 2 and words that
// say what to give: 'completion' alone or with a word that is no shell
// printed its help and exited 0 (a script's 'completion zsh2 > file'
// wrote the help), a negative --timeout was offered "-1s" as the fix, and
// a zero one was refused as "--timeout and --endpoint-timeout" without
// saying which, and a flag given no value was pflag's "flag needs an
// argument: 'H' in -H".
func TestBadInputSaysWhatToGive(t *testing.T) {
	stateDir(t)
	for _, tc := range []struct {
		args     []string
		want     []string
		wantNone string
	}{
		{[]string{"completion"}, []string{"completion needs the name of a shell: give one of bash, fish, powershell, zsh, e.g. mcpscope completion bash"}, "Usage:"},
		{[]string{"completion", "zsh2"}, []string{`completion "zsh2": no such shell: give one of bash, fish, powershell, zsh`}, "Usage:"},
		{[]string{"completion", "bash", "extra"}, []string{"bash takes no arguments, not 1 argument(s)", "run 'mcpscope completion bash --help' for usage"}, "unknown command"},
		{[]string{"exec", "--timeout", "-1", "tools/list"}, []string{`--timeout "-1" is not a duration: give one such as 500ms, 30s`}, "-1s"},
		{[]string{"exec", "--timeout", "0", "tools/list"}, []string{"--timeout 0s: give a positive duration such as 30s"}, "--endpoint-timeout"},
		// A slip of a transport's name is named as one.
		{[]string{"exec", "--transport", "streamble", "tools/list"}, []string{`--transport "streamble": did you mean streamable? use auto, sse, streamable or stateless`}, "demo gateway at"},
		{[]string{"exec", "--transport", "SSE", "tools/list"}, []string{`--transport "SSE": did you mean sse?`}, "demo gateway at"},
		// So is one of any flag that takes a few words.
		{[]string{"exec", "--log-level", "WARNING", "tools/list"}, []string{`--log-level "WARNING": did you mean warning? use debug, info, notice, warning, error, critical, alert or emergency`}, "demo gateway at"},
		{[]string{"export", "--format", "MD", "x.jsonl"}, []string{`--format "MD": did you mean md? use md, markdown or json`}, "no such"},
		{[]string{"exec", "--endpoint-timeout", "-5s", "tools/list"}, []string{"--endpoint-timeout -5s: give a positive duration such as 30s"}, "--timeout and"},
		{[]string{"-H"}, []string{"-H needs a value after it: request header 'Name: value'", "run 'mcpscope --help' for usage"}, "flag needs an argument"},
		{[]string{"export", "x.jsonl", "--format"}, []string{"--format needs a value after it: md, markdown or json", "run 'mcpscope export --help' for usage"}, "flag needs an argument"},
		// A flag whose value is a URL or a file says so, not what the
		// flag does; given empty (an unset "$URL"), it is refused, where
		// it was taken as not given and the command did the other thing.
		{[]string{"replay", "x.jsonl", "--against"}, []string{"--against needs a value after it: the URL of the server to re-run the recording against (or leave --against out to replay it in the TUI)"}, "compare"},
		{[]string{"replay", "--against", "", "x.jsonl"}, []string{`--against "": give the URL of the server to re-run the recording against, or leave --against out to replay it in the TUI`}, "no recording at"},
		{[]string{"exec", "--save", "", "http://127.0.0.1:9501/mcp", "read", "x"}, []string{`--save "": give the FILE to write what resources/read gave to, or leave --save out to print it`}, "recorded to"},
		{[]string{"export", "-o", "", "x.jsonl"}, []string{`--output "": give the FILE to write to, or leave --output out to write to standard output`}, "no recording at"},
		{[]string{"exec", "--record", "", "http://127.0.0.1:9501/mcp", "tools/list"}, []string{`--record "": give the FILE to record the session to`}, "recorded to"},
		// A flag that takes the server's URL as its value leaves no URL,
		// and the demo gateway got the URL as a token, a header, a path.
		{[]string{"exec", "--bearer", "http://127.0.0.1:9501/mcp", "tools/list"}, []string{`--bearer took "http://127.0.0.1:9501/mcp" as its value, so no server URL is left`, "mcpscope exec --bearer VALUE URL"}, "demo gateway at"},
		{[]string{"exec", "-H", "HTTPS://127.0.0.1:9501/mcp", "tools/list"}, []string{`--header took "HTTPS://127.0.0.1:9501/mcp" as its value`}, "demo gateway at"},
		{[]string{"--record", "http://127.0.0.1:9501/mcp"}, []string{`--record took "http://127.0.0.1:9501/mcp" as its value`, "mcpscope --record VALUE URL"}, "terminal"},
	} {
		out, errOut, code := run(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, stderr %q, want %d", tc.args, code, errOut, exitUsage)
		}
		for _, w := range tc.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q does not say %q", tc.args, errOut, w)
			}
		}
		if strings.Contains(out+errOut, tc.wantNone) {
			t.Errorf("%v: stdout %q, stderr %q say %q", tc.args, out, errOut, tc.wantNone)
		}
	}
	// A shell is still a shell.
	out, errOut, code := run(t, "completion", "bash")
	if code != exitOK || !strings.Contains(out, "bash completion") {
		t.Errorf("completion bash: exit %d, stderr %q, stdout %.80q", code, errOut, out)
	}
}
