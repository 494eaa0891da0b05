import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// run 1 (default includeTests=true): the finding in test code was reported
assert log.contains('SeedJob.java:[11,13] [IDEM001]')
// run 2 (includeTests=false): the test file is still read (2 files) but its finding is left out
def sarif = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.sarif'))
assert sarif.runs[0].results.findAll { it.level != 'note' }.isEmpty()
assert log.contains('[INFO] idemcheck: 2 files, 0 findings')
assert log.contains('BUILD SUCCESS')
return true
