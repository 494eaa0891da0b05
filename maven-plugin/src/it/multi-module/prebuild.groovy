// Make this project the top of a "git work tree", as a real project is, so report paths start at this folder.
new File(basedir, ".git").mkdirs()
return true
