package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A --root that names no directory here (a typo, or a file) is offered all
// the same, a debugger may offer what a server should refuse, but exec
// says so on stderr before it runs: it used to offer it without a word.
func TestExecSaysARootIsNoDirectory(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nonexist")
	for _, tc := range []struct {
		roots []string
		want  string
	}{
		{[]string{missing}, `warning: --root "` + missing + `" is no directory here: offered all the same (a typo?)`},
		{[]string{file}, `warning: --root "` + file + `" is no directory here`},
		{[]string{dir, missing, file}, `warning: --root "` + missing + `", "` + file + `" are no directories here`},
		{[]string{dir}, ""},
	} {
		args := []string{"exec", "--no-record"}
		for _, r := range tc.roots {
			args = append(args, "--root", r)
		}
		out, errOut, code := run(t, append(args, url, "tools/call list_roots")...)
		if code != exitOK || !strings.Contains(out, fmt.Sprintf("the client has %d root", len(tc.roots))) {
			t.Errorf("%v: exit %d, the roots were not all offered:\n%s\n%s", tc.roots, code, out, errOut)
		}
		if tc.want == "" && strings.Contains(errOut, "--root") {
			t.Errorf("%v: a directory that exists is warned of: %q", tc.roots, errOut)
		}
		if tc.want != "" && !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: stderr %q does not say %q", tc.roots, errOut, tc.want)
		}
	}
}

// replay --against warns of the same, from the same check.
func TestRerunSaysARootIsNoDirectory(t *testing.T) {
	dir := stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	if out, errOut, code := run(t, "exec", "--root", t.TempDir(), url, "tools/call list_roots"); code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	missing := filepath.Join(t.TempDir(), "nonexist")
	_, errOut, _ := run(t, "replay", onlyRecording(t, dir), "--against", url, "--root", missing)
	if want := `warning: --root "` + missing + `" is no directory here`; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q does not say %q", errOut, want)
	}
}
