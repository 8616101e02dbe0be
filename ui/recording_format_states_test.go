package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every state a row can carry into the JSON export (each history.PairState
// the code declares) has its line in docs/recording-format.md: the
// user-cancelled state was listed nowhere, and a state added later fails
// here until it is. The states are read from the history package's source,
// so a new constant needs no list of its own kept by hand.
func TestRecordingFormatListsEveryPairState(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "recording-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## The states of a row\n")
	if !ok {
		t.Fatal("docs/recording-format.md has no section \"## The states of a row\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	states := pairStatesDeclared(t)
	if len(states) < 10 {
		t.Fatalf("found only %d PairState constants in history/: %v", len(states), states)
	}
	for _, st := range states {
		if !strings.Contains(section, "\n- `"+st+"`: ") {
			t.Errorf("docs/recording-format.md does not list the row state %q (a line \"- `%s`: what it means\")", st, st)
		}
	}
}

// pairStatesDeclared are the values of every constant of type PairState
// in the history package's source (its tests aside).
func pairStatesDeclared(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join("..", "history", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "PairState" {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						t.Fatalf("%s: a PairState that is no string literal: %T", fset.Position(v.Pos()), v)
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					states = append(states, s)
				}
			}
		}
	}
	return states
}
