// Stand-in file that typed RuleTester cases written in JSX replace with their code.
