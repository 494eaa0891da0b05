def log = new File(basedir, 'build.log').text
// run 1 (excludes SeedJob) and run 2 (includes only Clean): one file, nothing found
assert log.count('[INFO] idemcheck: 1 file, 0 findings') == 2
// run 3 (excludes Clean by its report path): SeedJob alone, its finding fails the build
assert log.contains('[INFO] idemcheck: 1 file, 1 finding (1 error')
return true
