package main

import (
	"strings"
	"testing"
)

// A flag of another command given to the wrong one names the command it
// belongs to and that command's usage, where pflag said only "unknown
// flag: --listen".
func TestFlagOfAnotherCommandNamesItsOwner(t *testing.T) {
	stateDir(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"exec", "--listen", "127.0.0.1:1", "http://127.0.0.1:1", "tools/list"}, []string{
			"--listen belongs to mcpscope proxy, not to exec (exec: run commands against a server",
			"run 'mcpscope proxy --help' for usage"}},
		{[]string{"exec", "--headless", "http://127.0.0.1:1", "tools/list"}, []string{"--headless belongs to mcpscope proxy, not to exec"}},
		{[]string{"proxy", "--json", "http://127.0.0.1:1"}, []string{"--json belongs to mcpscope exec or mcpscope replay, not to proxy", "run 'mcpscope exec --help' for usage"}},
		{[]string{"exec", "--theme", "dark", "http://127.0.0.1:1", "tools/list"}, []string{"--theme belongs to mcpscope (the TUI), mcpscope proxy or mcpscope replay, not to exec", "run 'mcpscope --help' for usage"}},
		{[]string{"export", "--addr", "x", "f.jsonl"}, []string{"--addr belongs to mcpscope demo-server, not to export", "run 'mcpscope demo-server --help' for usage"}},
		{[]string{"--save", "out", "http://127.0.0.1:1"}, []string{"--save belongs to mcpscope exec, not to mcpscope", "run 'mcpscope exec --help' for usage"}},
		// A shorthand of another command is named with its long name,
		// where pflag said only "unknown shorthand flag: 'o' in -o".
		{[]string{"exec", "-o", "f", "http://127.0.0.1:1", "tools/list"}, []string{"-o (--output) belongs to mcpscope export, not to exec", "run 'mcpscope export --help' for usage"}},
		{[]string{"proxy", "-o", "f", "http://127.0.0.1:1"}, []string{"-o (--output) belongs to mcpscope export, not to proxy"}},
		{[]string{"export", "-H", "x", "f.jsonl"}, []string{"-H (--header) belongs to mcpscope (the TUI), mcpscope exec, mcpscope proxy or mcpscope replay, not to export", "run 'mcpscope --help' for usage"}},
	} {
		usageSays(t, tc.args, tc.want...)
	}
	// proxy's hidden --record is no flag to send anyone to.
	if _, errOut, _ := run(t, "demo-server", "--record", "x"); strings.Contains(errOut, "belongs to mcpscope proxy") {
		t.Errorf("--record sent to proxy: %q", errOut)
	}
}
