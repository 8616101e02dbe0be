package main

import (
	"strings"
	"testing"
)

// 'mcpscope help nope' printed the root's help with exit 0, as if nope
// were a topic; it is a usage error naming the commands there are.
func TestHelpOfAnUnknownCommandSaysSo(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "nope"}, `help "nope": no such command (the commands: completion, demo-server, exec, export, proxy, replay, sessions, themes; run 'mcpscope --help')`},
		{[]string{"help", "exe"}, `help "exe": no such command; did you mean exec? (the commands: `},
	} {
		out, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", tc.args, code, out, errOut, exitUsage, tc.want)
		}
	}
	// A command's help is still its help, the root's the root's.
	for _, tc := range []struct {
		args []string
		want string
	}{
		// exec reads no flag after its URL or a command word, so its
		// usage line puts them first, not cobra's "COMMAND... [flags]".
		{[]string{"help", "exec"}, "mcpscope exec [flags] [URL] COMMAND...\n"},
		{[]string{"help"}, "mcpscope [URL] [flags]"},
	} {
		out, errOut, code := run(t, tc.args...)
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want the help with %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// 'mcpscope help exec anything' printed exec's help as if "anything" were
// one of its topics; the word is said, and where exec's help is. A
// subcommand's subcommand is still a topic.
func TestHelpOfAWordPastACommandSaysSo(t *testing.T) {
	out, errOut, code := run(t, "help", "exec", "anything")
	want := `help "exec anything": mcpscope exec has no command "anything"; run 'mcpscope help exec' for its help`
	if code != exitUsage || !strings.Contains(errOut, want) || out != "" {
		t.Errorf("help exec anything: exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitUsage, want)
	}
	out, errOut, code = run(t, "help", "completion", "bash")
	if code != exitOK || !strings.Contains(out, "mcpscope completion bash") {
		t.Errorf("help completion bash: exit %d, stdout %q, stderr %q; want bash's help", code, out, errOut)
	}
}
