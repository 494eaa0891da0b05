// A settlement job inserts each store's bill, then advances the store's settlement watermark through a MyBatis-Plus service: StoreServiceImpl extends ServiceImpl<StoreMapper, Store> and runs the UPDATE through the inherited baseMapper, which is a StoreMapper. That UPDATE is the record; a crash between the insert and it bills the same period again: finding on the insert.
package com.example.pos76;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.extension.service.IService;
import com.baomidou.mybatisplus.extension.service.impl.ServiceImpl;
import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class MonthlyBillingJob {

    private final StoreService stores;
    private final InvoiceMapper invoices;

    public MonthlyBillingJob(StoreService stores, InvoiceMapper invoices) {
        this.stores = stores;
        this.invoices = invoices;
    }

    @Scheduled(cron = "0 30 2 * * *")
    public void bill() {
        LocalDate today = LocalDate.now();
        List<Store> due = stores.dueStores(today.getDayOfMonth());
        for (Store s : due) {
            invoices.insertInvoice(s.getId(), s.getBilledUntil(), today); // expect: IDEM001
            stores.advanceBilledUntil(s.getId(), today);
        }
    }
}

interface StoreService extends IService<Store> {
    List<Store> dueStores(int day);

    void advanceBilledUntil(Long storeId, LocalDate until);
}

class StoreServiceImpl extends ServiceImpl<StoreMapper, Store> implements StoreService {

    @Override
    public List<Store> dueStores(int day) {
        return getBaseMapper().selectDue(day);
    }

    @Override
    public void advanceBilledUntil(Long storeId, LocalDate until) {
        this.baseMapper.updateBilledUntil(storeId, until);
    }
}

interface StoreMapper extends BaseMapper<Store> {
    @Select("SELECT id, billed_until FROM store WHERE billing_day = #{day}")
    List<Store> selectDue(@Param("day") int day);

    @Update("UPDATE store SET billed_until = #{until} WHERE id = #{storeId}")
    void updateBilledUntil(@Param("storeId") Long storeId, @Param("until") LocalDate until);
}

interface InvoiceMapper extends BaseMapper<Invoice> {
    @Insert("INSERT INTO invoice (store_id, period_from, period_to) VALUES (#{storeId}, #{from}, #{to})")
    void insertInvoice(@Param("storeId") Long storeId, @Param("from") LocalDate from, @Param("to") LocalDate to);
}

class Store {
    private Long id;
    private LocalDate billedUntil;

    public Long getId() { return id; }
    public LocalDate getBilledUntil() { return billedUntil; }
}

class Invoice {
    private Long id;
}
