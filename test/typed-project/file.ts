// Stand-in file that typed RuleTester cases replace with their code.
