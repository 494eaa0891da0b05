// A Spring Data @Modifying update fenced on the version is declared void: the count is lost by the signature.
package com.example.p005.pos05;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.transaction.annotation.Transactional;

public class WalletService {

    private AccountRepository accounts;
    private LedgerRepository ledger;

    @Transactional
    public void freeze(long id, long version) {
        accounts.freeze(id, version);
        ledger.save(new LedgerEntry());
    }
}

interface AccountRepository extends JpaRepository<Account, Long> {

    @Modifying
    @Query("update Account a set a.status = 'FROZEN', a.version = a.version + 1 where a.id = :id and a.version = :version")
    void freeze(@Param("id") long id, @Param("version") long version); // expect: IDEM005
}

interface LedgerRepository extends JpaRepository<LedgerEntry, Long> {
}

class Account {
    private Long id;
    private String status;
    private Long version;
}

class LedgerEntry {
    private Long id;
}
