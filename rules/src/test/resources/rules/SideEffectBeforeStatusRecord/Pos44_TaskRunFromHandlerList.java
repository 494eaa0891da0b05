// A scheduled handler runs every registered daily task through tasks.get(i).execute(); the bill task inserts a bill (a row committed on its own) before it advances the store's status: the insert is reached from the job, so a crash between the two inserts a second bill on the re-run: finding on the insert.
package com.example.pos44;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class DailyHandler {

    private final List<DailyTask> tasks;

    public DailyHandler(List<DailyTask> tasks) {
        this.tasks = tasks;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void runAll() {
        for (int i = 0; i < tasks.size(); i++) {
            tasks.get(i).execute();
        }
    }
}

interface DailyTask {
    void execute();
}

class BillTask implements DailyTask {

    private final StoreService stores;
    private final BillMapper bills;

    BillTask(StoreService stores, BillMapper bills) {
        this.stores = stores;
        this.bills = bills;
    }

    @Override
    public void execute() {
        for (Store s : stores.dueForSettlement()) {
            bills.insertBill(s.getId(), s.getBalance()); // expect: IDEM001
            bills.markSettled(s.getId());
        }
    }
}

class StoreService {
    List<Store> dueForSettlement() {
        return List.of();
    }
}

@Mapper
interface BillMapper {

    @Insert("INSERT INTO bill (store_id, amount) VALUES (#{storeId}, #{amount})")
    int insertBill(@Param("storeId") long storeId, @Param("amount") long amount);

    @Update("UPDATE store SET settle_status = 'SETTLED' WHERE id = #{id}")
    int markSettled(@Param("id") long id);
}

class Store {
    private long id;
    private long balance;

    public long getId() { return id; }
    public long getBalance() { return balance; }
}
