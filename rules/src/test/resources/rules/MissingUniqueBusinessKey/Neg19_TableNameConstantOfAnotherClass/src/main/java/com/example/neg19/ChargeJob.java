// The entity names its table through a constant of a project class (@Table(name = Tables.CHARGE)); the constant is
// "t_charge", whose DDL has a unique key on order_id: one charge per order, no finding (the table is not "charge").
package com.example.neg19;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ChargeJob {

    private final ChargeRepository charges;
    private final OrderRepository orders;

    public ChargeJob(ChargeRepository charges, OrderRepository orders) {
        this.charges = charges;
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (PayOrder o : orders.findByStatus("UNPAID")) {
            Charge c = new Charge();
            c.setOrderId(o.getId());
            c.setAmount(o.getAmount());
            charges.save(c);
        }
    }
}

@Entity
@Table(name = Tables.CHARGE)
class Charge {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(name = "order_id")
    private Long orderId;
    private BigDecimal amount;

    public void setOrderId(Long v) { this.orderId = v; }
    public void setAmount(BigDecimal v) { this.amount = v; }
}

@Entity
@Table(name = Tables.ORDER)
class PayOrder {
    @Id
    private Long id;
    private BigDecimal amount;
    private String status;
    public Long getId() { return id; }
    public BigDecimal getAmount() { return amount; }
}

interface ChargeRepository extends JpaRepository<Charge, Long> {
}

interface OrderRepository extends JpaRepository<PayOrder, Long> {
    List<PayOrder> findByStatus(String status);
}
